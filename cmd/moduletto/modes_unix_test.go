//go:build unix

package main

import (
	"os"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestFileModes: private keys and shared keys are created 0600, other files
// 0644, less the umask; -f on an existing file does not keep its mode.
func TestFileModes(t *testing.T) {
	for _, c := range []struct {
		umask         int
		private, open os.FileMode
	}{{0o022, 0o600, 0o644}, {0o077, 0o600, 0o600}, {0o002, 0o600, 0o644}} {
		inTempDir(t)
		old := syscall.Umask(c.umask)
		require.NoError(t, os.WriteFile("k.key", nil, 0o666))
		require.NoError(t, os.Chmod("k.key", 0o666))
		mustRun(t, nil, "keygen", "-f", "-o", "k.key", "ML-KEM-768")
		mustRun(t, nil, "pub", "-o", "k.pub", "k.key")
		mustRun(t, nil, "encaps", "-k", "k.pub", "-o", "ct", "-secret", "s.hex")
		syscall.Umask(old)
		for name, want := range map[string]os.FileMode{"k.key": c.private, "s.hex": c.private, "k.pub": c.open, "ct": c.open} {
			fi, err := os.Stat(name)
			require.NoError(t, err)
			assert.Equal(t, want, fi.Mode().Perm(), "%s under umask %03o", name, c.umask)
		}
	}
}
