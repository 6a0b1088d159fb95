package sample

// maxRows bounds the rows a [RowGate] tracks: ML-DSA-87 has k = 8.
const maxRows = 8

// A RowGate releases the rows of a matrix computation in order as the jobs
// each row waits for finish (the jobs a [RunFunc] done callback reports):
// row i is ready once its own jobs and the shared ones, which every row
// needs, are done, and so are rows 0 … i−1. ML-DSA key generation uses it
// to compute each row of the public key, and release its encoding to the
// held hash of the key, while the later rows are still sampling. The zero
// RowGate tracks nothing; name each job with [RowGate.Expect] first.
type RowGate struct {
	left   [maxRows]int // jobs row i still waits for
	shared int          // shared jobs not yet done
	rows   int          // rows named by Expect
	next   int          // rows released so far
}

// Expect counts one more job for row (0 ≤ row < 8), or, if row < 0, one
// more job every row waits for.
func (g *RowGate) Expect(row int) {
	if row < 0 {
		g.shared++
		return
	}
	g.left[row]++
	g.rows = max(g.rows, row+1)
}

// Done records that a job of row (row < 0: a shared one) has finished and
// returns the rows [from, to) that are ready now and were not before.
func (g *RowGate) Done(row int) (from, to int) {
	if row < 0 {
		g.shared--
	} else {
		g.left[row]--
	}
	from = g.next
	for g.shared == 0 && g.next < g.rows && g.left[g.next] == 0 {
		g.next++
	}
	return from, g.next
}
