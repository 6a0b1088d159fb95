//go:build linux

package main

import (
	"bytes"
	"crypto/sha256"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"strconv"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestLargeStreamMemory pipes a 1 GiB stream through "hybrid encrypt | hybrid
// decrypt" and checks that each process's maximum resident set size stays
// under 64 MiB. It takes seconds and a GiB of pipe traffic, so it runs only
// when asked:
//
//	HYBRID_RSS_MIB=1024 go test -run TestLargeStreamMemory -v ./examples/hybrid
//
// HYBRID_RSS_MIB sets the stream size in MiB.
func TestLargeStreamMemory(t *testing.T) {
	mib, _ := strconv.Atoi(os.Getenv("HYBRID_RSS_MIB"))
	if mib <= 0 {
		t.Skip("set HYBRID_RSS_MIB=1024 to stream 1 GiB and measure resident memory")
	}
	dir := t.TempDir()
	bin := buildTool(t, dir)
	ok(t, bin, dir, nil, "keygen", "-o", "k")

	enc := exec.Command(bin, "encrypt", "-r", "k.pub")
	dec := exec.Command(bin, "decrypt", "-k", "k.key")
	enc.Dir, dec.Dir = dir, dir
	var encErr, decErr bytes.Buffer
	enc.Stderr, dec.Stderr = &encErr, &decErr
	in, err := enc.StdinPipe()
	require.NoError(t, err)
	dec.Stdin, err = enc.StdoutPipe()
	require.NoError(t, err)
	out, err := dec.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, enc.Start())
	require.NoError(t, dec.Start())

	size := int64(mib) << 20
	sent := sha256.New()
	go func() {
		src := io.LimitReader(rand.NewChaCha8([32]byte{1}), size)
		io.Copy(io.MultiWriter(in, sent), src)
		in.Close()
	}()
	received := sha256.New()
	n, err := io.Copy(received, out)
	require.NoError(t, err)
	require.NoError(t, enc.Wait(), "encrypt: %s", encErr.String())
	require.NoError(t, dec.Wait(), "decrypt: %s", decErr.String())
	assert.Equal(t, size, n)
	assert.Equal(t, sent.Sum(nil), received.Sum(nil), "decrypted stream differs")

	for name, ps := range map[string]*os.ProcessState{"encrypt": enc.ProcessState, "decrypt": dec.ProcessState} {
		ru := ps.SysUsage().(*syscall.Rusage)
		rss := ru.Maxrss >> 10 // KiB on Linux
		t.Logf("%s of %d MiB: max RSS %d MiB (%d KiB), user %v, sys %v", name, mib, rss, ru.Maxrss, ps.UserTime(), ps.SystemTime())
		assert.Less(t, rss, int64(64), "%s max RSS in MiB", name)
	}
}
