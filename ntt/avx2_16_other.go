//go:build !amd64 || purego

package ntt

// avx2x16 names the AVX2 backend in the dispatch switches of builds without
// it (purego, other architectures), where cpu.Current() is never cpu.AVX2;
// embedding scalar16 only gives it the methods the switches call.
type avx2x16 struct{ scalar16 }
