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

// TestOutputModesHonourUmask: encrypt creates 0644, decrypt and private key
// files 0600, less the umask of the process.
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
		ok(t, bin, dir, nil, "decrypt", "-k", "k.key", "-in", "m.hyb", "-out", "m")
		syscall.Umask(old)
		for name, want := range map[string]fs.FileMode{"m.hyb": c.ciphertext, "k.key": c.key, "m": c.plaintext, "k.pub": c.pubkey} {
			fi, err := os.Stat(filepath.Join(dir, name))
			require.NoError(t, err)
			assert.Equal(t, want, fi.Mode().Perm(), "%s under umask %03o", name, c.umask)
		}
	}
}
