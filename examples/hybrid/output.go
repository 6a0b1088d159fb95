package main

import (
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"sync"
	"syscall"
)

// atomicFile is an output file written under a temporary name in the
// destination's directory and renamed over the destination by commit, so the
// destination either keeps its old content or gets the complete new one.
type atomicFile struct {
	*os.File
	path string
	perm os.FileMode
}

// createAtomic opens a temporary file beside path.
func createAtomic(path string, perm os.FileMode) (*atomicFile, error) {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return nil, fmt.Errorf("cannot write %s: it is a directory", path)
	}
	f, err := os.CreateTemp(dir, "."+base+".tmp-*")
	if err != nil {
		return nil, fmt.Errorf("cannot write %s: %w", path, unwrapPathError(err))
	}
	temps.add(f.Name())
	return &atomicFile{File: f, path: path, perm: perm}, nil
}

// commit flushes the temporary file to disk and renames it to its path.
func (f *atomicFile) commit() error {
	defer temps.remove(f.Name())
	err := f.Chmod(f.perm)
	if err == nil {
		err = f.Sync()
	}
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
	return nil
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
