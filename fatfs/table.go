package fatfs

import (
	"encoding/binary"
	"fmt"
)

// The allocation table as it is on the image. go-diskfs keeps its own copy in memory and
// writes all of it after each allocation; x16scope reads the table itself for what
// go-diskfs does not do: refusing a chain that loops (go-diskfs would follow it forever),
// freeing a removed file's clusters (go-diskfs drops the directory entry only) and keeping
// the FS information sector's free-cluster count true (CMDR-DOS reports it as BLOCKS FREE).

const (
	fatMask   = 0x0FFFFFFF // FAT32 entries are 28 bits; the top 4 are reserved
	fatEOCMin = 0x0FFFFFF8 // from here on, an entry ends its chain
	fatBad    = 0x0FFFFFF7
)

// readFAT reads the whole first FAT, an entry per cluster: 2 .. clusters+1 are the data
// clusters; a FAT may have more entries than the volume has clusters, and go-diskfs follows
// chains through those too, so they are checked as well.
func readFAT(s *storage, v *volume) ([]uint32, error) {
	n := v.fatBytes() / 4
	b := make([]byte, n*4)
	if _, err := s.ReadAt(b, v.fatOffset(0)); err != nil {
		return nil, fmt.Errorf("reading the FAT: %w", err)
	}
	fat := make([]uint32, n)
	for i := range fat {
		fat[i] = binary.LittleEndian.Uint32(b[i*4:]) & fatMask
	}
	return fat, nil
}

// checkChains refuses a FAT in which a chain leads to a cluster that does not exist or
// comes back to itself. Each cluster is walked once: a walk stops at a cluster an earlier
// walk has cleared, so the check is linear in the number of clusters.
func checkChains(fat []uint32) error {
	const (
		unseen = iota
		onPath
		cleared
	)
	state := make([]uint8, len(fat))
	for head := uint32(2); head < uint32(len(fat)); head++ {
		if fat[head] == 0 || state[head] != unseen {
			continue
		}
		c := head
		for {
			if state[c] == onPath {
				return fmt.Errorf("%w: the cluster chain through cluster %d loops", ErrCorrupt, c)
			}
			if state[c] == cleared {
				break
			}
			state[c] = onPath
			next := fat[c]
			if next >= fatBad {
				break // the end of the chain, or a bad cluster
			}
			// a link to cluster 0 or 1 would go on through the FAT's first two entries
			if next < 2 || next >= uint32(len(fat)) {
				return fmt.Errorf("%w: cluster %d links to cluster %d, which does not exist", ErrCorrupt, c, next)
			}
			c = next
		}
		for c := head; state[c] == onPath; c = fat[c] {
			state[c] = cleared
			if fat[c] < 2 || fat[c] >= uint32(len(fat)) {
				break
			}
		}
	}
	return nil
}

// chain lists the clusters of a chain that checkChains has cleared.
func chain(fat []uint32, first uint32) []uint32 {
	var out []uint32
	for c := first; c >= 2 && c < uint32(len(fat)) && len(out) < len(fat); c = fat[c] {
		out = append(out, c)
	}
	return out
}

// freeClusters writes 0 for each cluster into both FATs on the image.
func freeClusters(s *storage, v *volume, clusters []uint32) error {
	var zero [4]byte
	for _, c := range clusters {
		for copy := 0; copy < 2; copy++ {
			off := v.fatOffset(copy) + int64(c)*4
			var old [4]byte
			if _, err := s.ReadAt(old[:], off); err != nil {
				return err
			}
			// the top 4 bits are reserved: keep them as they are
			zero = [4]byte{0, 0, 0, old[3] & 0xF0}
			if _, err := s.WriteAt(zero[:], off); err != nil {
				return err
			}
		}
	}
	return nil
}

// syncFSInfo writes the number of free clusters into the FS information sector (and its
// backup, when the volume has one), and "unknown" as the hint where the next free cluster
// is. go-diskfs writes back the counts it read when the volume was opened.
func syncFSInfo(s *storage, v *volume) error {
	fat, err := readFAT(s, v)
	if err != nil {
		return err
	}
	free := uint32(0)
	for _, e := range fat[2 : v.clusters+2] {
		if e == 0 {
			free++
		}
	}
	var b [8]byte
	binary.LittleEndian.PutUint32(b[0:], free)
	binary.LittleEndian.PutUint32(b[4:], 0xFFFFFFFF)
	sectors := []uint32{v.fsInfoSector}
	if v.backupBootSector != 0 {
		sectors = append(sectors, v.backupBootSector+v.fsInfoSector)
	}
	for _, sec := range sectors {
		off := v.start + int64(sec)*sectorSize
		var sig [4]byte
		if _, err := s.ReadAt(sig[:], off); err != nil || string(sig[:]) != "RRaA" {
			continue // no FS information sector here: nothing to keep up to date
		}
		if _, err := s.WriteAt(b[:], off+488); err != nil {
			return err
		}
	}
	return nil
}
