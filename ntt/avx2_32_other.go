//go:build !amd64 || purego

package ntt

// avx2x32 names the AVX2 backend in the dispatch switches of builds without
// it (purego, other architectures), where cpu.Current() is never cpu.AVX2;
// embedding scalar32 only gives it the methods the switches call.
type avx2x32 struct{ scalar32 }
