//go:build !js

package share

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// FileStore keeps captures as files in a folder, one per id. Writes go to a temporary
// file in the same folder that is renamed into place once complete and synced, so a
// reader (or a crash) never sees half a capture.
type FileStore struct{ dir string }

const tmpPrefix = ".upload-"

// NewFileStore opens (and creates) dir, removing temporary files a crash left behind.
func NewFileStore(dir string) (*FileStore, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), tmpPrefix) {
			os.Remove(filepath.Join(dir, e.Name()))
		}
	}
	return &FileStore{dir: dir}, nil
}

func (s *FileStore) path(id string) (string, error) {
	if !ValidID(id) {
		return "", fmt.Errorf("invalid capture id %q", id)
	}
	return filepath.Join(s.dir, id+".x16c"), nil
}

func (s *FileStore) Get(_ context.Context, id string) ([]byte, error) {
	p, err := s.path(id)
	if err != nil {
		return nil, err
	}
	data, err := os.ReadFile(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, ErrNotFound
	}
	return data, err
}

func (s *FileStore) Put(_ context.Context, id string, data []byte) error {
	p, err := s.path(id)
	if err != nil {
		return err
	}
	if _, err := os.Stat(p); err == nil {
		return nil // the same id is the same bytes
	}
	tmp, err := os.CreateTemp(s.dir, tmpPrefix+"*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // after a successful rename this finds nothing
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	// Concurrent uploads of one capture both rename complete, identical files: the last
	// rename wins and readers see one or the other, never a mix.
	return os.Rename(tmp.Name(), p)
}
