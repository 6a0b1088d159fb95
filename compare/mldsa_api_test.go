package compare

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestStdProgram shows the one-line switch from Go 1.27's crypto/mldsa:
// testdata/stdprogram.go.txt, a program written against crypto/mldsa, is
// run as it is and with only its import line changed to moduletto's
// dsa/mldsa, in a temporary module whose go.mod is this module's (with the
// replace pointing at the repository root); both must build, succeed and
// print the same lines. It runs the go command of the running test's GOROOT
// with GOTOOLCHAIN=local. Under -short it only reads the program and
// switches its import.
func TestStdProgram(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("testdata", "stdprogram.go.txt"))
	require.NoError(t, err)
	const stdImport, oursImport = `"crypto/mldsa"`, `mldsa "github.com/moduletto/moduletto/dsa/mldsa"`
	require.Equal(t, 1, bytes.Count(src, []byte(stdImport)), "the program imports crypto/mldsa once")
	switched := bytes.Replace(src, []byte(stdImport), []byte(oursImport), 1)
	if testing.Short() {
		t.Skip("-short: skipping TestStdProgram, which builds and runs two programs with the go command")
	}

	dir := newProgramModule(t)
	run := func(name string, src []byte) string {
		t.Helper()
		pkg := filepath.Join(dir, name)
		require.NoError(t, os.Mkdir(pkg, 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(pkg, "main.go"), src, 0o644))
		//lint:ignore SA1019 the test binary runs where it was built: its GOROOT's go is the toolchain under test
		cmd := exec.Command(filepath.Join(runtime.GOROOT(), "bin", "go"), "run", "./"+name)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOTOOLCHAIN=local", "GOWORK=off")
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		require.NoError(t, err, "go run ./%s:\n%s", name, stderr.String())
		return string(out)
	}
	std := run("std", src)
	ours := run("moduletto", switched)
	t.Logf("crypto/mldsa's program printed:\n%s", std)
	assert.Equal(t, strings.Split(std, "\n"), strings.Split(ours, "\n"), "the program's output with dsa/mldsa")
	assert.Contains(t, std, "verify: ok\n")
	assert.Contains(t, std, "ML-DSA-87: μ signature ")
}

// newProgramModule returns a temporary module directory with this module's
// requirements and sums, and github.com/moduletto/moduletto replaced by the
// repository root, so that programs in it build without downloading.
func newProgramModule(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs("..")
	require.NoError(t, err)
	mod, err := os.ReadFile("go.mod")
	require.NoError(t, err)
	sum, err := os.ReadFile("go.sum")
	require.NoError(t, err)
	lines := strings.Split(string(mod), "\n")
	for i, l := range lines {
		switch {
		case strings.HasPrefix(l, "module "):
			lines[i] = "module stdprogram"
		case strings.HasPrefix(l, "replace github.com/moduletto/moduletto =>"):
			lines[i] = "replace github.com/moduletto/moduletto => " + root
		}
	}
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.mod"), []byte(strings.Join(lines, "\n")), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.sum"), sum, 0o644))
	return dir
}
