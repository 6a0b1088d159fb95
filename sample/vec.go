package sample

// useAVX2Samplers selects the AVX2 kernels (sample_amd64.s) inside the
// parse, CBD and mask functions: parseNTT16, parseNTT32, parseBounded,
// cbd2 and cbd3 read it once per XOF block or polynomial; unpackMask18 and
// unpackMask20 then use the AVX2 unpacker of package poly. It is set once at start-up
// (vec_amd64.go) when the CPU has AVX2; tests flip it with setAVX2Samplers
// to run both paths in one `go test`.
var useAVX2Samplers bool
