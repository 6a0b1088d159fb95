package poly

// useAVX2Poly selects the AVX2 kernels (poly_amd64.s) of the ML-KEM wire
// formats: the fused CompressEncode/DecodeDecompress widths 1, 4, 5, 10, 11
// and EncodeNTT12/DecodeNTT12 read it once per polynomial. It is set once at
// start-up (vec_amd64.go) when the CPU has AVX2; tests flip it with
// setAVX2Poly to run both paths in one `go test`.
var useAVX2Poly bool
