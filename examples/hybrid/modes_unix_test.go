//go:build unix

package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestOutputModesHonourUmask: encrypt (binary or armoured) and public key
// files are created 0644, decrypt and private key files 0600, less the
// umask of the process: under umask 077 every file is 0600.
func TestOutputModesHonourUmask(t *testing.T) {
	bin := buildTool(t, t.TempDir())
	for _, c := range []struct {
		umask             int
		ciphertext, key   fs.FileMode
		plaintext, pubkey fs.FileMode
	}{
		{0o022, 0o644, 0o600, 0o600, 0o644},
		{0o077, 0o600, 0o600, 0o600, 0o600},
	} {
		dir := t.TempDir()
		old := syscall.Umask(c.umask)
		ok(t, bin, dir, nil, "keygen", "-o", "k")
		ok(t, bin, dir, []byte("hello"), "encrypt", "-r", "k.pub", "-out", "m.hyb")
		ok(t, bin, dir, []byte("hello"), "encrypt", "-a", "-r", "k.pub", "-o", "m.txt")
		ok(t, bin, dir, nil, "pub", "-o", "k2.pub", "k.key")
		ok(t, bin, dir, nil, "decrypt", "-k", "k.key", "-in", "m.hyb", "-out", "m")
		syscall.Umask(old)
		for name, want := range map[string]fs.FileMode{"m.hyb": c.ciphertext, "m.txt": c.ciphertext, "k.key": c.key, "m": c.plaintext, "k.pub": c.pubkey, "k2.pub": c.pubkey} {
			fi, err := os.Stat(filepath.Join(dir, name))
			require.NoError(t, err)
			assert.Equal(t, want, fi.Mode().Perm(), "%s under umask %03o", name, c.umask)
		}
	}
}
