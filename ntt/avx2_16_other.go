//go:build !amd64 || purego

package ntt

// avx2x16 names the AVX2 backend in the dispatch switches of builds without
// it (purego, other architectures). It is never registered here; embedding
// scalar16 only gives it the methods of [Backend16].
type avx2x16 struct{ scalar16 }
