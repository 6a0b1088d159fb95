package ntttest_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/moduletto/moduletto/ntt"
	"github.com/moduletto/moduletto/ntt/ntttest"
)

func TestForEachBackend16(t *testing.T) {
	before := ntt.Backend16Name()
	var seen []string
	ntttest.ForEachBackend16(t, func(t *testing.T) {
		seen = append(seen, ntt.Backend16Name())
		assert.Equal(t, ntt.Backend16Name(), t.Name()[len(t.Name())-len(ntt.Backend16Name()):], "subtest named after the backend")
	})
	assert.Equal(t, ntt.Backends16(), seen, "every backend once, in order")
	assert.Contains(t, seen, "scalar")
	assert.Contains(t, seen, "generic")
	assert.Equal(t, before, ntt.Backend16Name(), "previous backend restored")
}

func TestForEachBackend32(t *testing.T) {
	before := ntt.Backend32Name()
	var seen []string
	ntttest.ForEachBackend32(t, func(t *testing.T) {
		seen = append(seen, ntt.Backend32Name())
	})
	assert.Equal(t, ntt.Backends32(), seen)
	assert.Contains(t, seen, "scalar")
	assert.Contains(t, seen, "generic")
	assert.Equal(t, before, ntt.Backend32Name())
}

func TestSetBackendUnknown(t *testing.T) {
	restore, err := ntt.SetBackend16("avx512")
	assert.Nil(t, restore)
	assert.ErrorContains(t, err, `unknown kernels "avx512"`)
	restore, err = ntt.SetBackend32("")
	assert.Nil(t, restore)
	assert.ErrorContains(t, err, `unknown kernels ""`)
	assert.Equal(t, ntt.Backends16()[0], ntt.Backend16Name(), "default backend is the first")
	assert.Equal(t, ntt.Backends32()[0], ntt.Backend32Name(), "default backend is the first")
}
