package sample

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestRowGate: rows are released in order, only once the shared jobs and
// their own are done, each exactly once.
func TestRowGate(t *testing.T) {
	var g RowGate
	for _, r := range []int{-1, -1, 0, 0, 1, 1, 2} {
		g.Expect(r)
	}
	steps := []struct {
		row      int
		from, to int
	}{
		{1, 0, 0},  // row 1 has one job left, and nothing is shared-complete
		{1, 0, 0},  // row 1 done, but the shared jobs and row 0 are not
		{0, 0, 0},  // row 0 half done
		{-1, 0, 0}, // one shared job left
		{0, 0, 0},  // row 0 done, a shared job still missing
		{-1, 0, 2}, // the last shared job releases rows 0 and 1 together
		{2, 2, 3},  // and row 2 on its own
	}
	for i, s := range steps {
		from, to := g.Done(s.row)
		assert.Equal(t, [2]int{s.from, s.to}, [2]int{from, to}, "step %d", i)
	}
}
