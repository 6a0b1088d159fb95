//go:build !amd64 || purego

package ntt

// avx2x32 names the AVX2 backend in the dispatch switches of builds without
// it (purego, other architectures). It is never registered here; embedding
// scalar32 only gives it the methods of [Backend32].
type avx2x32 struct{ scalar32 }
