package fatfs

import (
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/diskfs/go-diskfs/partition/mbr"
)

// The errors Open returns, to be told apart with errors.Is; the messages say which part of
// the image is wrong.
var (
	// ErrNotFAT32 is an image whose volume is not FAT32 (FAT12/16, exFAT, NTFS, garbage).
	ErrNotFAT32 = errors.New("not FAT32")
	// ErrNoFAT32Partition is a partition table whose first partition is not FAT32.
	ErrNoFAT32Partition = errors.New("no FAT32 partition")
	// ErrTruncated is an image shorter than its partition table or volume says.
	ErrTruncated = errors.New("truncated image")
	// ErrCorrupt is a FAT32 volume whose tables contradict each other.
	ErrCorrupt = errors.New("corrupt FAT32 volume")
)

const sectorSize = 512

// maxFATBytes bounds the allocation table read into memory: 16M clusters, far beyond the
// 2 GB cards x16scope holds (4M clusters of 512 bytes), and small enough that a forged
// boot sector cannot ask for gigabytes.
const maxFATBytes = 64 << 20

// volume is where the FAT32 file system lies in the image and the layout its boot sector
// gives. Offsets are in bytes from the start of the image.
type volume struct {
	partition   int // 1-4, or 0 for a volume without a partition table
	start, size int64

	sectorsPerCluster uint32
	reservedSectors   uint32
	fatSectors        uint32 // per FAT; there are always two
	totalSectors      uint32
	fsInfoSector      uint32
	backupBootSector  uint32
	clusters          uint32 // data clusters, numbered from 2
}

func (v *volume) fatOffset(copy int) int64 {
	return v.start + int64(v.reservedSectors+uint32(copy)*v.fatSectors)*sectorSize
}

func (v *volume) fatBytes() int64 { return int64(v.fatSectors) * sectorSize }

func (v *volume) clusterBytes() int64 { return int64(v.sectorsPerCluster) * sectorSize }

func (v *volume) clusterOffset(c uint32) int64 {
	data := int64(v.reservedSectors) + 2*int64(v.fatSectors)
	return v.start + (data+int64(c-2)*int64(v.sectorsPerCluster))*sectorSize
}

// locate finds the volume the official ROM's DOS mounts at power-on: CMDR-DOS reads the MBR
// at sector 0 and mounts partition 1 (its "cur_medium" starts at 1) when that partition's
// type is $0B or $0C (FAT32 with CHS or LBA addressing); other partitions are reached with
// the CP command only. An image without a partition table whose sector 0 is itself a FAT32
// boot sector (mkfs.vfat on a whole file) is accepted too, for the built-in ROM's host DOS:
// the official ROM cannot mount such an image.
func locate(s *storage) (volume, error) {
	if s.size < sectorSize {
		return volume{}, fmt.Errorf("%w: %d bytes, less than the one sector a partition table needs", ErrTruncated, s.size)
	}
	sec := make([]byte, sectorSize)
	if _, err := s.ReadAt(sec, 0); err != nil {
		return volume{}, fmt.Errorf("reading sector 0: %w", err)
	}
	if looksLikeFAT32(sec) {
		v, err := parseBootSector(sec, 0, s.size)
		v.partition = 0
		return v, err
	}
	table, err := mbr.Read(s, sectorSize, sectorSize)
	if err != nil {
		return volume{}, fmt.Errorf("%w: sector 0 holds neither a partition table (no $55AA signature) nor a FAT32 boot sector", ErrNotFAT32)
	}
	first := table.Partitions[0]
	if first.Type != mbr.Fat32CHS && first.Type != mbr.Fat32LBA {
		msg := fmt.Sprintf("partition 1 has type $%02X; CMDR-DOS mounts partition 1 and needs type $0B or $0C", byte(first.Type))
		for _, p := range table.Partitions[1:] {
			if p.Type == mbr.Fat32CHS || p.Type == mbr.Fat32LBA {
				msg += fmt.Sprintf(" (partition %d is FAT32)", p.Index)
				break
			}
		}
		return volume{}, fmt.Errorf("%w: %s", ErrNoFAT32Partition, msg)
	}
	start, size := int64(first.Start)*sectorSize, int64(first.Size)*sectorSize
	if start == 0 || size == 0 {
		return volume{}, fmt.Errorf("%w: partition 1 starts at sector %d and has %d sectors", ErrNoFAT32Partition, first.Start, first.Size)
	}
	if start+sectorSize > s.size {
		return volume{}, fmt.Errorf("%w: partition 1 starts at byte %d, the image has %d bytes", ErrTruncated, start, s.size)
	}
	if _, err := s.ReadAt(sec, start); err != nil {
		return volume{}, fmt.Errorf("reading partition 1's boot sector: %w", err)
	}
	v, err := parseBootSector(sec, start, s.size)
	if err != nil {
		return v, fmt.Errorf("partition 1: %w", err)
	}
	v.partition = 1
	if v.start+v.size > start+size {
		return v, fmt.Errorf("%w: the file system has %d sectors, partition 1 only %d", ErrCorrupt, v.totalSectors, first.Size)
	}
	return v, nil
}

// looksLikeFAT32 is a boot sector in sector 0: a jump instruction, 512-byte sectors and
// "FAT32" where the FAT32 boot sector names its type. An MBR has boot code there instead.
func looksLikeFAT32(b []byte) bool {
	return (b[0] == 0xEB || b[0] == 0xE9) && binary.LittleEndian.Uint16(b[11:]) == sectorSize &&
		string(b[82:87]) == "FAT32"
}

// parseBootSector checks a volume's boot sector as CMDR-DOS's mount does (the $55AA
// signature, two FATs, no fixed root directory, a cluster size) and as go-diskfs needs
// (512-byte sectors, the root directory at cluster 2), and that the layout fits the image.
func parseBootSector(b []byte, start, imageSize int64) (volume, error) {
	le16 := func(o int) uint32 { return uint32(binary.LittleEndian.Uint16(b[o:])) }
	le32 := func(o int) uint32 { return binary.LittleEndian.Uint32(b[o:]) }
	v := volume{
		start:             start,
		sectorsPerCluster: uint32(b[13]),
		reservedSectors:   le16(14),
		fatSectors:        le32(36),
		totalSectors:      le32(32),
		fsInfoSector:      le16(48),
		backupBootSector:  le16(50),
	}
	switch {
	case b[510] != 0x55 || b[511] != 0xAA:
		return v, fmt.Errorf("%w: the boot sector has no $55AA signature", ErrNotFAT32)
	case le16(17) != 0 || le16(22) != 0:
		return v, fmt.Errorf("%w: the volume has a fixed root directory or a 16-bit FAT size (FAT12 or FAT16)", ErrNotFAT32)
	case le16(11) != sectorSize:
		return v, fmt.Errorf("%w: %d-byte sectors; SD cards have 512", ErrNotFAT32, le16(11))
	case b[16] != 2:
		return v, fmt.Errorf("%w: %d FATs; CMDR-DOS needs 2", ErrNotFAT32, b[16])
	case v.sectorsPerCluster == 0 || v.sectorsPerCluster&(v.sectorsPerCluster-1) != 0:
		return v, fmt.Errorf("%w: %d sectors per cluster is not a power of two", ErrNotFAT32, v.sectorsPerCluster)
	case v.reservedSectors == 0 || v.fatSectors == 0 || v.totalSectors == 0:
		return v, fmt.Errorf("%w: the boot sector gives no FAT or no sectors", ErrNotFAT32)
	case le32(44) != 2:
		return v, fmt.Errorf("%w: the root directory starts at cluster %d; only cluster 2 is supported", ErrNotFAT32, le32(44))
	}
	data := uint64(v.reservedSectors) + 2*uint64(v.fatSectors)
	if data >= uint64(v.totalSectors) {
		return v, fmt.Errorf("%w: the FATs (%d sectors each) leave no room for data in %d sectors", ErrCorrupt, v.fatSectors, v.totalSectors)
	}
	v.clusters = uint32((uint64(v.totalSectors) - data) / uint64(v.sectorsPerCluster))
	if v.fatBytes() > maxFATBytes || v.fatBytes()/4 < int64(v.clusters)+2 {
		return v, fmt.Errorf("%w: a FAT of %d sectors for %d clusters", ErrCorrupt, v.fatSectors, v.clusters)
	}
	if v.fsInfoSector == 0 || v.fsInfoSector >= v.reservedSectors || v.backupBootSector >= v.reservedSectors {
		return v, fmt.Errorf("%w: the FS information sector (%d) or the backup boot sector (%d) is outside the %d reserved sectors", ErrCorrupt, v.fsInfoSector, v.backupBootSector, v.reservedSectors)
	}
	v.size = int64(v.totalSectors) * sectorSize
	if start+v.size > imageSize {
		return v, fmt.Errorf("%w: the file system ends at byte %d, the image has %d bytes", ErrTruncated, start+v.size, imageSize)
	}
	return v, nil
}
