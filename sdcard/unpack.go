package sdcard

import (
	"archive/zip"
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"path"
	"strings"
)

// Unpack is the image in a file's bytes as a user gives it: a .img read in place, or the
// .img inside a .gz or a .zip (its only one) streamed into a sparse image. The name
// decides; data must not change while a plain image lives.
func Unpack(name string, data []byte) (*Image, error) {
	switch strings.ToLower(path.Ext(name)) {
	case ".gz":
		zr, err := gzip.NewReader(bytes.NewReader(data))
		if err != nil {
			return nil, fmt.Errorf("not a gzip file: %v", err)
		}
		return LoadReader(zr)
	case ".zip":
		zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
		if err != nil {
			return nil, fmt.Errorf("not a zip file: %v", err)
		}
		return FromZip(zr)
	}
	return FromBytes(data)
}

// FromZip is the one .img file inside a zip, streamed into a sparse image.
func FromZip(zr *zip.Reader) (*Image, error) {
	var imgs []*zip.File
	for _, f := range zr.File {
		if strings.EqualFold(path.Ext(f.Name), ".img") {
			imgs = append(imgs, f)
		}
	}
	if len(imgs) != 1 {
		return nil, fmt.Errorf("the zip holds %d .img files: want exactly one", len(imgs))
	}
	r, err := imgs[0].Open()
	if err != nil {
		return nil, fmt.Errorf("%s: %v", imgs[0].Name, err)
	}
	defer r.Close()
	img, err := LoadReader(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", imgs[0].Name, err)
	}
	return img, nil
}

var _ io.ReaderAt = (*Image)(nil)
