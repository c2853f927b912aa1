package fatfs

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	iofs "io/fs"
	"os"
	"path"
	"sort"
	"strings"
	"time"

	"github.com/diskfs/go-diskfs/filesystem/fat32"
	"github.com/diskfs/go-diskfs/partition/mbr"

	"x16scope/core"
)

// File is a file or directory to put on a built card: a slash-separated path relative to
// the card's root, and a file's contents. Directories a file is in need not be listed.
type File struct {
	Path string
	Data []byte
	Dir  bool

	tidy bool // its short name clashes (sortFiles)
}

// Image is where a card image is built: a file, a byte buffer or a sparse block store.
// go-diskfs reads back directories it writes, so it is read as well as written. Build
// writes every byte that matters except the MBR's boot code area, which is left as it is.
type Image interface {
	io.ReaderAt
	io.WriterAt
}

const (
	// partitionStart is where partition 1 begins: sector 2048 (1 MiB), where sfdisk and
	// the SD Association's formatter align it.
	partitionStart = 2048
	// MinSize is the smallest card Build makes: partition 1 then has at least 65525
	// clusters of 512 bytes, which Microsoft's specification requires of FAT32 and which
	// CMDR-DOS's own formatter (fat32/mkfs.s) insists on; mkfs.vfat warns below it.
	MinSize = 36 << 20
	// smallClusterMax is the largest volume go-diskfs formats with 512-byte clusters, as
	// mkfs.fat does; above it clusters are 4 KB.
	smallClusterMax = 260 << 20
	// headroom is space left free on a built card for what programs save.
	headroom = 8 << 20
	label    = "X16 CARD"
)

// SizeFor is a card size that holds the files with room to spare: their clusters, the
// directories' entries (long names take a slot per 13 characters), the FATs and the MBR's
// megabyte, plus an eighth and 8 MB for programs to save into, rounded up to a megabyte and
// at least MinSize.
func SizeFor(files []File) int64 {
	entries := map[string]bool{} // path -> is a directory
	for _, f := range files {
		p, err := core.CleanPath(f.Path)
		if err != nil || p == "." {
			continue
		}
		entries[p] = entries[p] || f.Dir
		for d := path.Dir(p); d != "."; d = path.Dir(d) {
			entries[d] = true
		}
	}
	size := func(cluster int64) int64 {
		round := func(n int64) int64 { return max(1, (n+cluster-1)/cluster) * cluster }
		dirs := map[string]int64{".": 0}
		var data int64
		for p, dir := range entries {
			// the 8.3 entry and a long-name slot per 13 characters
			dirs[path.Dir(p)] += 32 * (2 + int64(len(path.Base(p)))/13)
			if dir {
				dirs[p] += 64 // "." and ".."
			}
		}
		for _, f := range files {
			if !f.Dir {
				data += round(int64(len(f.Data)))
			}
		}
		for _, n := range dirs {
			data += round(n)
		}
		data += data/8 + headroom
		fat := (data/cluster + 2) * 4 * 2
		return (data+fat+partitionStart*sectorSize+64<<10)>>20<<20 + 1<<20
	}
	n := size(512)
	if n > smallClusterMax+partitionStart*sectorSize {
		n = size(4096)
	}
	return max(n, MinSize)
}

// Build writes a card of size bytes into img: an MBR whose partition 1 (type $0C, FAT32
// with LBA addressing, from sector 2048 to the end) holds a FAT32 volume labelled
// "X16 CARD" with the files. Every entry is dated t (the caller's clock: the RTC's time,
// or a fixed date, so that the same files make the same image). Names must be ASCII and
// valid on FAT; names starting with a dot (".DS_Store", "._X") are left out, as go-diskfs
// cannot give them a short name, and returned.
func Build(img Image, size int64, files []File, t time.Time) (skipped []string, err error) {
	if size < MinSize || size%sectorSize != 0 {
		return nil, fmt.Errorf("fatfs: a card of %d bytes: FAT32 needs at least %d, in whole sectors", size, MinSize)
	}
	if size > fat32.Fat32MaxSize {
		return nil, fmt.Errorf("fatfs: a card of %d bytes is larger than FAT32 allows", size)
	}
	st := &storage{r: img, w: img, size: size}
	files, skipped, err = sortFiles(files)
	if err != nil {
		return skipped, err
	}
	defer guard("building the card", &err)
	parts := uint32(size/sectorSize) - partitionStart
	table := &mbr.Table{
		LogicalSectorSize:  sectorSize,
		PhysicalSectorSize: sectorSize,
		Partitions: []*mbr.Partition{{
			Index: 1, Type: mbr.Fat32LBA, Start: partitionStart, Size: parts,
			// CHS fields at their LBA-only maximum, as sfdisk writes them for large disks
			StartCylinder: 0xFF, StartHead: 0xFE, StartSector: 0xFF,
			EndCylinder: 0xFF, EndHead: 0xFE, EndSector: 0xFF,
		}},
	}
	if err := table.Write(st, size); err != nil {
		return skipped, fmt.Errorf("fatfs: writing the partition table: %w", err)
	}
	start := int64(partitionStart) * sectorSize
	fat, err := fat32.Create(st, int64(parts)*sectorSize, start, sectorSize, label, true)
	if err != nil {
		return skipped, fmt.Errorf("fatfs: formatting partition 1: %w", err)
	}
	f, err := Open(img, img, size)
	if err != nil {
		return skipped, fmt.Errorf("fatfs: the new card does not open: %w", err)
	}
	f.fat = fat
	for _, file := range files {
		p := file.Path
		if file.Dir {
			err = f.fat.Mkdir(p)
		} else {
			err = f.create(p, file.Data, false)
		}
		if err == nil && file.tidy {
			err = f.tidyDir(path.Dir(p))
		}
		if err != nil {
			return skipped, fmt.Errorf("fatfs: %s: %w", p, err)
		}
	}
	if err := f.finishBuild(clampTime(t)); err != nil {
		return skipped, err
	}
	return skipped, nil
}

// sortFiles checks the names, adds the directories files are in, leaves out names starting
// with a dot, and orders the list so that a directory comes before what is in it.
func sortFiles(files []File) (out []File, skipped []string, err error) {
	byKey := map[string]File{}
	for _, file := range files {
		p, err := core.CleanPath(file.Path)
		if err != nil || p == "." {
			if file.Dir && p == "." {
				continue
			}
			return nil, nil, fmt.Errorf("fatfs: %q: not a path on the card", file.Path)
		}
		if hidden(p) {
			skipped = append(skipped, p)
			continue
		}
		for d := path.Dir(p); d != "."; d = path.Dir(d) {
			if old, ok := byKey[strings.ToUpper(d)]; ok && !old.Dir {
				return nil, nil, fmt.Errorf("fatfs: %q is a file and a directory", d)
			}
			byKey[strings.ToUpper(d)] = File{Path: d, Dir: true}
		}
		key := strings.ToUpper(p)
		if old, ok := byKey[key]; ok && (!old.Dir || !file.Dir) {
			return nil, nil, fmt.Errorf("fatfs: %q and %q are the same name on FAT", old.Path, p)
		}
		byKey[key] = File{Path: p, Data: file.Data, Dir: file.Dir}
	}
	// a directory's path is a prefix of its files' paths, so it sorts before them
	for _, file := range byKey {
		out = append(out, file)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	// the names as they will be on the card, checked per directory
	perDir := map[string][]entry{}
	for _, file := range out {
		dir, base := path.Dir(file.Path), path.Base(file.Path)
		if err := checkNewName(base); err != nil {
			return nil, nil, fmt.Errorf("fatfs: %w", err)
		}
		short, _ := shortName(base)
		perDir[dir] = append(perDir[dir], entry{name: base, short: short})
	}
	// a file whose short name another entry of its directory would get too is put right
	// (tidy) as soon as it is written, before a name go-diskfs matches by short name follows
	for i, file := range out {
		dir, base := path.Dir(file.Path), path.Base(file.Path)
		out[i].tidy = shortClash(base, without(perDir[dir], base))
	}
	return out, skipped, nil
}

// hidden is a path with a part that starts with a dot: macOS's metadata (".DS_Store",
// "._NAME") and the like.
func hidden(p string) bool {
	for _, part := range strings.Split(p, "/") {
		if strings.HasPrefix(part, ".") {
			return true
		}
	}
	return false
}

// finishBuild stamps every entry with t, points ".." of the root's subdirectories at
// cluster 0, records the partition's offset in the boot sectors ("hidden sectors", which
// Windows reads) and writes the free-cluster count.
func (f *FS) finishBuild(t time.Time) error {
	if err := f.stampTree(t); err != nil {
		return fmt.Errorf("fatfs: dating the entries: %w", err)
	}
	var b [4]byte
	binary.LittleEndian.PutUint32(b[:], partitionStart)
	for _, sec := range []int64{0, int64(f.vol.backupBootSector)} {
		if _, err := f.st.WriteAt(b[:], f.vol.start+sec*sectorSize+28); err != nil {
			return err
		}
	}
	return syncFSInfo(f.st, &f.vol)
}

// stampTree walks the directories on the card from the root, dates every entry and
// gives empty files no cluster.
func (f *FS) stampTree(t time.Time) error {
	return f.tidy(2, false, true, &t)
}

// tidy goes through a directory on the card (and with recurse, the ones below it) and puts
// right what go-diskfs writes wrongly: an empty file gets cluster 0 and its chain is freed
// (go-diskfs gives every file a cluster, which fsck.fat truncates); ".." of a directory in
// the root points to cluster 0 as the FAT specification says (go-diskfs writes the root's
// cluster number); two entries with one short name (go-diskfs gives "FORTUNE.BASL" the
// short name FORTUNE.BAS even beside a FORTUNE.BAS, as the starter kit has) get unique ones
// (dedupShortNames). With t, every entry is dated t. go-diskfs is read again afterwards
// when clusters were freed.
func (f *FS) tidy(dir uint32, parentIsRoot, recurse bool, t *time.Time) error {
	fat, err := readFAT(f.st, &f.vol)
	if err != nil {
		return err
	}
	if err := checkChains(fat); err != nil {
		return err
	}
	var freed []uint32
	var walk func(first uint32, parentIsRoot bool, depth int) error
	walk = func(first uint32, parentIsRoot bool, depth int) error {
		if depth > 64 {
			return errors.New("directories nested too deep")
		}
		clusters := chain(fat, first)
		cb := f.vol.clusterBytes()
		buf := make([]byte, int64(len(clusters))*cb)
		for i, c := range clusters {
			if _, err := f.st.ReadAt(buf[int64(i)*cb:int64(i+1)*cb], f.vol.clusterOffset(c)); err != nil {
				return err
			}
		}
		dedupShortNames(buf)
		var subdirs []uint32
		for i := 0; i < len(buf); i += 32 {
			e := buf[i : i+32]
			if e[0] == 0 {
				break
			}
			if e[0] == 0xE5 || e[11] == 0x0F {
				continue
			}
			if t != nil {
				stamp(e, *t)
			}
			cl := uint32(binary.LittleEndian.Uint16(e[26:])) | uint32(binary.LittleEndian.Uint16(e[20:]))<<16
			switch {
			case e[11]&0x18 == 0: // a file
				if binary.LittleEndian.Uint32(e[28:]) == 0 && cl != 0 {
					freed = append(freed, chain(fat, cl)...)
					setCluster(e, 0)
				}
			case e[11]&0x10 == 0: // the volume label
			case string(e[:11]) == ".          ":
			case string(e[:11]) == "..         ":
				if parentIsRoot {
					setCluster(e, 0)
				}
			default:
				subdirs = append(subdirs, cl)
			}
		}
		for i, c := range clusters {
			if _, err := f.st.WriteAt(buf[int64(i)*cb:int64(i+1)*cb], f.vol.clusterOffset(c)); err != nil {
				return err
			}
		}
		if recurse {
			for _, cl := range subdirs {
				if err := walk(cl, first == 2, depth+1); err != nil {
					return err
				}
			}
		}
		return nil
	}
	if err := walk(dir, parentIsRoot, 0); err != nil {
		return err
	}
	if len(freed) == 0 {
		return nil
	}
	if err := freeClusters(f.st, &f.vol, freed); err != nil {
		return err
	}
	return f.load()
}

func setCluster(e []byte, c uint32) {
	binary.LittleEndian.PutUint16(e[20:], uint16(c>>16))
	binary.LittleEndian.PutUint16(e[26:], uint16(c))
}

// FilesFrom lists the files and directories of a file system (a host folder with os.DirFS,
// a zip with zip.Reader) for Build.
func FilesFrom(fsys iofs.FS) ([]File, error) {
	var out []File
	err := iofs.WalkDir(fsys, ".", func(p string, d iofs.DirEntry, err error) error {
		if err != nil || p == "." {
			return err
		}
		switch {
		case d.IsDir():
			out = append(out, File{Path: p, Dir: true})
		case d.Type().IsRegular():
			data, err := iofs.ReadFile(fsys, p)
			if err != nil {
				return err
			}
			out = append(out, File{Path: p, Data: data})
		}
		return nil
	})
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	return out, err
}
