package ntttest_test

import (
	"path"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/moduletto/moduletto/internal/cpu"
	"github.com/moduletto/moduletto/ntt/ntttest"
)

func TestForEachBackend(t *testing.T) {
	before := cpu.Current()
	var seen []cpu.Kernels
	ntttest.ForEachBackend(t, func(t *testing.T) {
		seen = append(seen, cpu.Current())
		assert.Equal(t, cpu.Current().String(), path.Base(t.Name()), "subtest named after the kernels")
	})
	assert.Equal(t, cpu.Available(), seen, "every available set once, in order")
	assert.Contains(t, seen, cpu.Scalar)
	assert.Contains(t, seen, cpu.Generic)
	assert.Equal(t, before, cpu.Current(), "previous kernels restored")
}
