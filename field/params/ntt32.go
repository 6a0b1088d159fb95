package params

// Layout of the constant table of the AVX2 int32 engine for q = 8380417
// (ntt/avx2_32_tables.go builds it, asm/ntt32 generates the kernels that
// read it). The table is an array of NTT32AVX2TableLen int32; the values
// below are indices into it.
//
// Broadcast twiddles (layers len = 128 … 8, used as one value for all eight
// lanes): entry k holds ζ^BitRev8(k)·R mod q (centred) and entry
// NTT32AVX2ZetaQInv+k holds that value times q⁻¹ mod 2^32, for k = 0 … 31.
//
// Lane twiddles (layers len = 4, 2, 1, one value per lane after an 8×8
// transpose): group g = 7·block + j occupies 32 entries from
// NTT32AVX2Forward+32·g (forward) or NTT32AVX2Inverse+32·g (inverse): the
// eight twiddles z0…z7, then z1 z1 z3 z3 z5 z5 z7 z7 (the odd lanes moved to
// the even positions that VPMULDQ reads), then the same two vectors times
// q⁻¹ mod 2^32.
//
// The AVX-512 kernels hold the same vector of two blocks in one zmm
// register (blocks 2p and 2p+1, the pair p) where the AVX2 ones work per
// block: their lane-twiddle group g = 7·p + j occupies 64 entries from
// NTT32AVX512Forward+64·g (or NTT32AVX512Inverse+64·g), each of the four
// vectors of the AVX2 groups of the two blocks side by side. The 16 entries
// from NTT32AVX512PermLo and NTT32AVX512PermHi are the quadword indices
// (low halves; high halves zero) of the transpose's last step: 128-bit
// lane 0, resp. 1, of each 256-bit half of two registers.
const (
	NTT32AVX2Zeta     = 0
	NTT32AVX2ZetaQInv = 32

	// Scalar constants, broadcast by the kernels.
	NTT32AVX2Q          = 64 // q
	NTT32AVX2QInv       = 65 // q⁻¹ mod 2^32
	NTT32AVX2F          = 66 // 256⁻¹·R² mod q: the final factor of the inverse NTT
	NTT32AVX2FQInv      = 67
	NTT32AVX2ZF         = 68 // ζ^BitRev8(1)·256⁻¹·R mod q: last inverse twiddle fused with the factor
	NTT32AVX2ZFQInv     = 69
	NTT32AVX2R2         = 70 // R² mod q: ToMont's factor
	NTT32AVX2R2QInv     = 71
	NTT32AVX2ReduceHalf = 72 // 2^22, the rounding offset of Reduce32

	NTT32AVX2Forward = 128
	NTT32AVX2Inverse = 128 + 28*32

	NTT32AVX512PermLo  = 128 + 2*28*32
	NTT32AVX512PermHi  = NTT32AVX512PermLo + 16
	NTT32AVX512Forward = NTT32AVX512PermHi + 16
	NTT32AVX512Inverse = NTT32AVX512Forward + 14*64
	NTT32AVX2TableLen  = NTT32AVX512Inverse + 14*64
)
