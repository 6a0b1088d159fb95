package ntt

// Every transform in this package walks the same schedule: layers with
// len = N/2, N/4, … (forward) or back up (inverse), each split into blocks
// [start, start+2·len) whose halves meet in butterflies, with one twiddle
// per block taken from a table in bit-reversed order (k = 1, 2, … forward;
// k = 2^Layers − 1, … down to 1 inverse). The tables and loops are plain so
// that a program can walk them (see bounds_test.go).

// halves returns the two halves p[start : start+l] and p[start+l :
// start+2l] of one butterfly block, with lengths and capacities that let the
// compiler drop the bounds checks of the butterfly loop.
func halves[T int16 | int32 | uint32](p []T, start, l int) (x, y []T) {
	x = p[start : start+l : start+l]
	y = p[start+l : start+2*l : start+2*l]
	return x, y[:len(x)]
}

// quarters returns the four quarters of the block p[start : start+4h], for
// two merged layers (len = 2h, then len = h) of one block, with lengths and
// capacities that let the compiler drop the bounds checks.
func quarters[T int16 | int32 | uint32](p []T, start, h int) (x0, x1, x2, x3 []T) {
	x0 = p[start : start+h : start+h]
	x1 = p[start+h : start+2*h : start+2*h]
	x2 = p[start+2*h : start+3*h : start+3*h]
	x3 = p[start+3*h : start+4*h : start+4*h]
	return x0, x1[:len(x0)], x2[:len(x0)], x3[:len(x0)]
}
