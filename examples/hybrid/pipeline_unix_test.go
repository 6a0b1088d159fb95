//go:build unix

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestShellPipeline runs the pipeline in a shell, with the tool
// built from this package:
//
//	cat f | hybrid encrypt -r k.pub -o - | hybrid decrypt -k k.key -o - | cmp - f
//
// with pipefail, so that a failure of any stage fails the test. A second
// pipeline goes through armour, and a third must fail: decrypting with a key
// that is not a recipient.
func TestShellPipeline(t *testing.T) {
	sh, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("needs bash")
	}
	dir := t.TempDir()
	buildTool(t, dir)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "f"), randomBytes(t, 3<<20+5), 0o644))
	run := func(script string) ([]byte, error) {
		cmd := exec.Command(sh, "-c", "set -euo pipefail; "+script)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "PATH="+dir+string(os.PathListSeparator)+os.Getenv("PATH"))
		return cmd.CombinedOutput()
	}
	out, err := run("hybrid keygen -o k && hybrid keygen -o other")
	require.NoError(t, err, "%s", out)
	out, err = run("cat f | hybrid encrypt -r k.pub -o - | hybrid decrypt -k k.key -o - | cmp - f")
	assert.NoError(t, err, "%s", out)
	assert.Empty(t, out)
	out, err = run("cat f | hybrid encrypt -a -r k.pub -o - | hybrid decrypt -k k.key -o - | cmp - f")
	assert.NoError(t, err, "%s", out)
	out, err = run("cat f | hybrid encrypt -r k.pub -o - | hybrid decrypt -k other.key -o - | cmp - f")
	assert.Error(t, err)
	assert.Contains(t, string(out), "hybrid decrypt: no key matches any recipient")
}
