package sample

// useAVX2Samplers selects the AVX2 kernels (sample_amd64.s) inside the
// parse, CBD and mask functions: parseNTT16, parseNTT32, parseBounded,
// cbd2, cbd3, unpackMask18 and unpackMask20 read it once per XOF block or
// polynomial. It is set once at start-up
// (vec_amd64.go) when the CPU has AVX2; tests flip it with setAVX2Samplers
// to run both paths in one `go test`.
var useAVX2Samplers bool
