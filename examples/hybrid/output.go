package main

import (
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"sync"
	"syscall"
)

// atomicFile is an output file written under a temporary name in the
// destination's directory and renamed over the destination by commit, so the
// destination either keeps its old content or gets the complete new one.
type atomicFile struct {
	*os.File
	path string
}

// createAtomic opens a temporary file beside path, created with mode perm
// less the umask, as os.OpenFile creates files (os.CreateTemp would give
// 0600 whatever the umask).
func createAtomic(path string, perm os.FileMode) (*atomicFile, error) {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return nil, fmt.Errorf("cannot write %s: it is a directory", path)
	}
	f, err := createTemp(dir, "."+base+".tmp-", perm)
	if err != nil {
		return nil, fmt.Errorf("cannot write %s: %w", path, unwrapPathError(err))
	}
	return &atomicFile{File: f, path: path}, nil
}

// createTemp creates a new file dir/prefix<random> with mode perm less the
// umask and records it in temps.
func createTemp(dir, prefix string, perm os.FileMode) (*os.File, error) {
	for range 100 {
		name := filepath.Join(dir, prefix+strconv.FormatUint(rand.Uint64(), 36))
		// The name is recorded before the file exists, so that a signal
		// arriving in between cannot leave it behind.
		temps.add(name)
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, perm)
		if err == nil {
			return f, nil
		}
		temps.remove(name)
		if !errors.Is(err, fs.ErrExist) {
			return nil, err
		}
	}
	return nil, errors.New("no free temporary file name")
}

// commit flushes the temporary file to disk, renames it to its path and
// flushes the directory, so that once commit returns the new content is on
// disk under its name: a crash leaves the old file or the new one, never a
// partial or empty one (README.md, "Performance" measures the cost).
func (f *atomicFile) commit() error {
	defer temps.remove(f.Name())
	err := f.Sync()
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), f.path)
	}
	if err != nil {
		os.Remove(f.Name())
		return fmt.Errorf("cannot write %s: %w", f.path, unwrapPathError(err))
	}
	syncDir(filepath.Dir(f.path))
	return nil
}

// syncDir flushes a directory, which makes a rename in it durable. It is
// best effort: the file's content is already on disk, and some systems
// (Windows) cannot open a directory for syncing.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}

// abort closes and removes the temporary file.
func (f *atomicFile) abort() {
	f.Close()
	os.Remove(f.Name())
	temps.remove(f.Name())
}

// writeFileAtomic writes data to path through an atomicFile.
func writeFileAtomic(path string, data []byte, perm os.FileMode) error {
	f, err := createAtomic(path, perm)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.abort()
		return fmt.Errorf("cannot write %s: %w", path, unwrapPathError(err))
	}
	return f.commit()
}

// unwrapPathError drops the temporary file name from an *os.PathError or
// *os.LinkError, so that messages name the file the user asked for.
func unwrapPathError(err error) error {
	switch e := err.(type) {
	case *os.PathError:
		return e.Err
	case *os.LinkError:
		return e.Err
	}
	return err
}

// tempSet holds the temporary files in use, so that an interrupt removes
// them instead of leaving partial output behind.
type tempSet struct {
	mu    sync.Mutex
	names map[string]bool
}

var temps = &tempSet{names: map[string]bool{}}

func (t *tempSet) add(name string) {
	t.mu.Lock()
	t.names[name] = true
	t.mu.Unlock()
}

func (t *tempSet) remove(name string) {
	t.mu.Lock()
	delete(t.names, name)
	t.mu.Unlock()
}

// removeTempsOnSignal removes every temporary file and exits when the process
// receives SIGINT or SIGTERM.
func removeTempsOnSignal() {
	c := make(chan os.Signal, 1)
	signal.Notify(c, os.Interrupt, syscall.SIGTERM)
	go func() {
		sig := <-c
		temps.mu.Lock()
		for name := range temps.names {
			os.Remove(name)
		}
		note := ""
		if len(temps.names) > 0 {
			note = "; the incomplete output file was removed"
		}
		fmt.Fprintf(os.Stderr, "hybrid: interrupted (%v)%s\n", sig, note)
		os.Exit(130)
	}()
}
