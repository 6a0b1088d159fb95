//go:build amd64 && !purego

package ring

// The AVX2 passes of asm/ringreduce; each handles the longest prefix that
// is a whole number of its registers and returns its length, and the
// caller's scalar loop (the twin) finishes the rest.

// reduceAVX2 is Reduce's loop on c[:n], a[:n] for the returned n.
func (r *Ring) reduceAVX2(c []int16, a []int32) int {
	n := len(a) &^ 15
	if n > 0 {
		reduceKernel(&c[0], &a[0], n, &r.k)
	}
	return n
}

// foldAVX2 is fold's loop on c[:n] for the returned n (c[0] included, with
// mid[0]: the caller sets c[0] again).
func (r *Ring) foldAVX2(c []int16, lo, hi, mid []int32) int {
	n := len(lo) &^ 15
	if n > 0 {
		foldKernel(&c[0], &lo[0], &hi[0], &mid[0], n, &r.k)
	}
	return n
}

// crtAVX2 is product's CRT loop on x32[:n], x16[:n] for the returned n.
func (r *Ring) crtAVX2(x32, x16 []int32) int {
	n := len(x32) &^ 7
	if n > 0 {
		crtKernel(&x32[0], &x16[0], n, &r.k)
	}
	return n
}
