package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// readmeSection returns the shell blocks (```sh … ```) of the README.md
// section headed "## The moduletto command".
func readmeSection(t *testing.T) []string {
	data, err := os.ReadFile("../../README.md")
	require.NoError(t, err)
	_, section, ok := strings.Cut(string(data), "\n## The moduletto command\n")
	require.True(t, ok, `README.md has no section "The moduletto command"`)
	section, _, _ = strings.Cut(section, "\n## ")
	var blocks []string
	for _, m := range regexp.MustCompile("(?s)```sh\n(.*?)```").FindAllStringSubmatch(section, -1) {
		blocks = append(blocks, m[1])
	}
	return blocks
}

// TestREADMEQuickStart installs the command as the README says (its first
// block, run in the repository's root with GOBIN in a temporary
// directory) and runs the quick start (its second block) as written, with
// bash -e and pipefail, in an empty directory.
func TestREADMEQuickStart(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command; not in -short")
	}
	for _, tool := range []string{"go", "bash"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("no %s: %v", tool, err)
		}
	}
	blocks := readmeSection(t)
	require.Len(t, blocks, 2, "the install block and the quick start")
	require.Equal(t, "go install ./cmd/moduletto\n", blocks[0])

	root, err := filepath.Abs("../..")
	require.NoError(t, err)
	bin := t.TempDir()
	install := exec.Command("bash", "-e", "-c", blocks[0])
	install.Dir = root
	install.Env = append(os.Environ(), "GOBIN="+bin)
	out, err := install.CombinedOutput()
	require.NoError(t, err, "%s", out)

	work := t.TempDir()
	quick := exec.Command("bash", "-e", "-o", "pipefail", "-c", blocks[1])
	quick.Dir = work
	quick.Env = append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	var stdout, stderr strings.Builder
	quick.Stdout, quick.Stderr = &stdout, &stderr
	require.NoError(t, quick.Run(), "stdout:\n%s\nstderr:\n%s", stdout.String(), stderr.String())
	assert.Empty(t, stderr.String())

	got := stdout.String()
	assert.True(t, strings.HasPrefix(got, "-----BEGIN PUBLIC KEY-----\n"), "keygen | pub - prints a public key")
	assert.Contains(t, got, "verified: ML-DSA-65 signature by SHA256:")
	n := 0
	for _, s := range allSchemes() {
		if s.name() != testKEMName { // registered in this test binary only
			assert.Contains(t, got, "scheme:      "+s.name()+" (", "the inspect loop covers every registered scheme")
			n++
		}
	}
	assert.Equal(t, n, strings.Count(got, "key:         private key\n"))
	for _, f := range []string{"sign.key", "sign.pub", "report.sig", "kem.key", "ct.bin", "sender.hex", "recipient.hex"} {
		_, err := os.Stat(filepath.Join(work, f))
		assert.NoError(t, err, f)
	}
}
