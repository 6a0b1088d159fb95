//go:build amd64 && !purego

package sample

// The AVX2 sort: the words, padded with 2^32 − 1 to N = 2^k ≥ 64, are
// sorted by the bitonic network of asm/sort (see its package comment for
// the layout: R = N/8 rows of eight lanes, network position l·R + r for
// lane l of row r), pass by pass, then transposed back into order. Every
// pass and loop count depends on len(x) only.

// sortUint32AVX2 sorts x, minSortAVX2 ≤ len(x) ≤ maxSortAVX2.
func sortUint32AVX2(x []uint32) {
	var buf, out [maxSortAVX2]uint32
	n := len(x)
	size := sortSize(n)
	copy(buf[:], x)
	pad := buf[n:size]
	for i := range pad {
		pad[i] = ^uint32(0)
	}
	bitonicRows(&buf, size/8, 0)
	transposeRowsAVX2(&out[0], &buf[0], size/8, 0)
	copy(x, out[:n])
}

// sortInt32AVX2 sorts x, minSortAVX2 ≤ len(x) ≤ maxSortAVX2: the first
// and last passes flip the sign bit (add 2^31), which maps int32 order to
// uint32 order, so the padding is 2^31 − 1.
func sortInt32AVX2(x []int32) {
	var buf, out [maxSortAVX2]uint32
	n := len(x)
	size := sortSize(n)
	in := buf[:n]
	for i, v := range x[:len(in)] {
		in[i] = uint32(v)
	}
	pad := buf[n:size]
	for i := range pad {
		pad[i] = 1<<31 - 1
	}
	bitonicRows(&buf, size/8, 1<<31)
	transposeRowsAVX2(&out[0], &buf[0], size/8, 1<<31)
	res := out[:n]
	for i, v := range res[:len(x)] {
		x[i] = int32(v)
	}
}

// sortSize returns the padded length: the least power of two ≥ n, and at
// least 64 (eight rows of eight lanes).
func sortSize(n int) int {
	size := minSortAVX2
	for size < n {
		size *= 2
	}
	return size
}

// bitonicRows runs Batcher's bitonic sort on the first 8·rows words of
// buf, held as rows of eight lanes, leaving network position l·rows + r
// in lane l of row r, after XORing every word with bias. rows is a power
// of two, 8 ≤ rows ≤ maxSortAVX2/8.
func bitonicRows(buf *[maxSortAVX2]uint32, rows int, bias uint32) {
	p := &buf[0]
	sortColumns8AVX2(p, rows, bias) // merges of size 2, 4, 8 (in rows)
	for s := 16; s <= rows; s *= 2 {
		mergeFlipAVX2(p, rows, s) // flip, strides s/4 and s/8
		halfCleaners(p, rows, s/16)
	}
	// Merges of size 2R, 4R, 8R (R = rows): their flip and lane stages,
	// then the strides R/2 … 1 between rows.
	mergeLanes1AVX2(p, rows)
	halfCleaners(p, rows, rows/2)
	mergeLanes2AVX2(p, rows)
	halfCleaners(p, rows, rows/2)
	mergeLanes3AVX2(p, rows)
	halfCleaners(p, rows, rows/2)
}

// halfCleaners runs the half-cleaner stages of strides j, j/2, …, 1
// between rows, three stages a pass.
func halfCleaners(p *uint32, rows, j int) {
	for ; j >= 4; j /= 8 {
		mergeHalf3AVX2(p, rows, j)
	}
	switch j {
	case 2:
		mergeHalf2AVX2(p, rows, 2)
	case 1:
		mergeHalf1AVX2(p, rows, 1)
	}
}
