package ntt

import "github.com/moduletto/moduletto/field"

// The scalar int32 engine for q = 8380417 (ML-DSA), Montgomery R = 2^32.
//
// Every value is an int32 in a signed range stated by the kernel's Bounds
// comment; products are formed in int64 and brought back by field.MontgomeryReduce32.

const (
	q32     = 8380417  // the ML-DSA modulus, 2^23 − 2^13 + 1
	qInv32  = 58728449 // q⁻¹ mod 2^32
	r2Mod32 = 2365951  // R² mod q = 2^64 mod q, so MontgomeryReduce32(x·r2Mod32) = x·R
	fInv32  = 41978    // R²/256 mod q: MontgomeryReduce32(x·fInv32) = x·R/256 (FIPS 204's 8347681 = 256⁻¹, times R)
	zf32    = -3975713 // MontgomeryMul32(zetas32[1], fInv32), centred: the last inverse layer's twiddle times fInv32·R⁻¹
)

// zetas32[k] = ζ^BitRev8(k)·R mod q for ζ = 1753, R = 2^32, as the
// representative in [−(q−1)/2, (q−1)/2]. FIPS 204 Appendix B lists
// ζ^BitRev8(k) (without the factor R). Forward32 uses k = 1…255 in
// increasing order, InverseMont32 in decreasing order; zetas32[0] is not used.
var zetas32 = [256]int32{
	-4186625, 25847, -2608894, -518909, 237124, -777960, -876248, 466468,
	1826347, 2353451, -359251, -2091905, 3119733, -2884855, 3111497, 2680103,
	2725464, 1024112, -1079900, 3585928, -549488, -1119584, 2619752, -2108549,
	-2118186, -3859737, -1399561, -3277672, 1757237, -19422, 4010497, 280005,
	2706023, 95776, 3077325, 3530437, -1661693, -3592148, -2537516, 3915439,
	-3861115, -3043716, 3574422, -2867647, 3539968, -300467, 2348700, -539299,
	-1699267, -1643818, 3505694, -3821735, 3507263, -2140649, -1600420, 3699596,
	811944, 531354, 954230, 3881043, 3900724, -2556880, 2071892, -2797779,
	-3930395, -1528703, -3677745, -3041255, -1452451, 3475950, 2176455, -1585221,
	-1257611, 1939314, -4083598, -1000202, -3190144, -3157330, -3632928, 126922,
	3412210, -983419, 2147896, 2715295, -2967645, -3693493, -411027, -2477047,
	-671102, -1228525, -22981, -1308169, -381987, 1349076, 1852771, -1430430,
	-3343383, 264944, 508951, 3097992, 44288, -1100098, 904516, 3958618,
	-3724342, -8578, 1653064, -3249728, 2389356, -210977, 759969, -1316856,
	189548, -3553272, 3159746, -1851402, -2409325, -177440, 1315589, 1341330,
	1285669, -1584928, -812732, -1439742, -3019102, -3881060, -3628969, 3839961,
	2091667, 3407706, 2316500, 3817976, -3342478, 2244091, -2446433, -3562462,
	266997, 2434439, -1235728, 3513181, -3520352, -3759364, -1197226, -3193378,
	900702, 1859098, 909542, 819034, 495491, -1613174, -43260, -522500,
	-655327, -3122442, 2031748, 3207046, -3556995, -525098, -768622, -3595838,
	342297, 286988, -2437823, 4108315, 3437287, -3342277, 1735879, 203044,
	2842341, 2691481, -2590150, 1265009, 4055324, 1247620, 2486353, 1595974,
	-3767016, 1250494, 2635921, -3548272, -2994039, 1869119, 1903435, -1050970,
	-1333058, 1237275, -3318210, -1430225, -451100, 1312455, 3306115, -1962642,
	-1279661, 1917081, -2546312, -1374803, 1500165, 777191, 2235880, 3406031,
	-542412, -2831860, -1671176, -1846953, -2584293, -3724270, 594136, -3776993,
	-2013608, 2432395, 2454455, -164721, 1957272, 3369112, 185531, -1207385,
	-3183426, 162844, 1616392, 3014001, 810149, 1652634, -3694233, -1799107,
	-3038916, 3523897, 3866901, 269760, 2213111, -975884, 1717735, 472078,
	-426683, 1723600, -1803090, 1910376, -1667432, -1104333, -260646, -3833893,
	-2939036, -2235985, -420899, -2286327, 183443, -976891, 1612842, -3545687,
	-554416, 3919660, -48306, -1362209, 3937738, 1400424, -846154, 1976782,
}

// reduce32 returns r ≡ a mod q with r = a − round(a/2^23)·q.
//
// Bounds: requires a ≤ 2^31 − 2^22 − 1; ensures −6283009 ≤ r ≤ 6283008.
func reduce32(a int32) int32 {
	t := (a + 1<<22) >> 23
	return a - t*q32
}

// scalar32 is the portable Go backend of the int32 engine.
type scalar32 struct{}

// Forward32 implements NTT, FIPS 204, Algorithm 41, with Montgomery twiddles
// and no reduction of the sums. The eight layers run in merged pairs (len =
// 128 and 64, 32 and 16, 8 and 4, 2 and 1; one pass over memory per pair);
// block b of layer len uses zetas32[128/len + b], the m of Algorithm 41.
// The last two pairs, whose blocks are 16 and 4 coefficients, run on
// fixed-size arrays with each quartet in registers, rather than slicing
// every block. See [Forward32] for the contract.
func (scalar32) Forward32(p *[256]int32) {
	// k = 128/l, kept as its own counter so that no division is compiled
	// into a kernel on secret data (internal/divscan).
	for l, k := 128, 1; l >= 32; l, k = l>>2, k<<2 {
		h := l / 2
		for b, start := 0, 0; start < 256; b, start = b+1, start+2*l {
			z := zetas32[k+b]        // layer len = l
			za := zetas32[2*k+2*b]   // layer len = h, first half
			zb := zetas32[2*k+2*b+1] // layer len = h, second half
			v0, v1, v2, v3 := quarters(p[:], start, h)
			for j := range v0 {
				x0, x2 := ct(v0[j], v2[j], z)
				x1, x3 := ct(v1[j], v3[j], z)
				v0[j], v1[j] = ct(x0, x1, za)
				v2[j], v3[j] = ct(x2, x3, zb)
			}
		}
	}
	for b := range 16 { // len = 8 and 4: block b is p[16b : 16b+16]
		x := (*[16]int32)(p[16*b:])
		z, za, zb := zetas32[16+b], zetas32[32+2*b], zetas32[33+2*b]
		for j := range 4 {
			x0, x2 := ct(x[j], x[j+8], z)
			x1, x3 := ct(x[j+4], x[j+12], z)
			x[j], x[j+4] = ct(x0, x1, za)
			x[j+8], x[j+12] = ct(x2, x3, zb)
		}
	}
	for b := range 64 { // len = 2 and 1: block b is p[4b : 4b+4]
		x := (*[4]int32)(p[4*b:])
		x0, x2 := ct(x[0], x[2], zetas32[64+b])
		x1, x3 := ct(x[1], x[3], zetas32[64+b])
		x[0], x[1] = ct(x0, x1, zetas32[128+2*b])
		x[2], x[3] = ct(x2, x3, zetas32[129+2*b])
	}
}

// ct is the Cooley–Tukey butterfly of Algorithm 41 (lines 8–10),
// (a + ζb, a − ζb) with ζ = z·R⁻¹.
func ct(a, b, z int32) (int32, int32) {
	t := field.MontgomeryMul32(z, b, q32, qInv32)
	return a + t, a - t
}

// gs is the Gentleman–Sande butterfly of Algorithm 42 (lines 8–11),
// (a + b, ζ(b − a)) with ζ = z·R⁻¹.
func gs(a, b, z int32) (int32, int32) {
	return a + b, field.MontgomeryMul32(z, b-a, q32, qInv32)
}

// InverseMont32 implements NTT⁻¹, FIPS 204, Algorithm 42, with Montgomery
// twiddles, no reduction of the sums, and the final factor 256⁻¹·R. The
// layers run in merged pairs (len = 1 and 2, …, 64 and 128); block b of
// layer len uses zetas32[256/len − 1 − b], the m of Algorithm 42 counting
// down. See [InverseMont32] for the contract.
func (scalar32) InverseMont32(p *[256]int32) {
	inverseFirstPair32(p)
	inverseRest32(p)
}

// MulInverseMont32 is MulMont32 then InverseMont32, with the products
// formed in the first merged pair of layers (len = 1 and 2) rather than
// stored and loaded again (2 % of ML-DSA signing with the portable code).
// Block i/4 reads a[i:i+4] and b[i:i+4] before it writes c[i:i+4], so c
// may alias a or b. See [MulInverseMont32] for the contract.
func (scalar32) MulInverseMont32(c, a, b *[256]int32) {
	for i, blk := 0, 0; i < 256; i, blk = i+4, blk+1 {
		za, zb, z := zetas32[255-2*blk], zetas32[254-2*blk], zetas32[127-blk]
		x0 := field.MontgomeryMul32(a[i], b[i], q32, qInv32)
		x1 := field.MontgomeryMul32(a[i+1], b[i+1], q32, qInv32)
		x2 := field.MontgomeryMul32(a[i+2], b[i+2], q32, qInv32)
		x3 := field.MontgomeryMul32(a[i+3], b[i+3], q32, qInv32)
		s0, d1 := gs(x0, x1, za)
		s2, d3 := gs(x2, x3, zb)
		c[i], c[i+2] = gs(s0, s2, z)
		c[i+1], c[i+3] = gs(d1, d3, z)
	}
	inverseRest32(c)
}

// inverseFirstPair32 runs InverseMont32's first merged pair of layers,
// len = 1 and 2, on fixed-size blocks of four coefficients (p[4b : 4b+4]),
// each in registers.
func inverseFirstPair32(p *[256]int32) {
	for b := range 64 {
		x := (*[4]int32)(p[4*b:])
		s0, d1 := gs(x[0], x[1], zetas32[255-2*b])
		s2, d3 := gs(x[2], x[3], zetas32[254-2*b])
		x[0], x[2] = gs(s0, s2, zetas32[127-b])
		x[1], x[3] = gs(d1, d3, zetas32[127-b])
	}
}

// inverseRest32 runs InverseMont32 from the merged pair of layers len = 4
// and 8 on, that pair on fixed-size blocks of sixteen coefficients, each
// block's quartets in registers.
func inverseRest32(p *[256]int32) {
	for b := range 16 { // len = 4 and 8: block b is p[16b : 16b+16]
		x := (*[16]int32)(p[16*b:])
		za, zb, z := zetas32[63-2*b], zetas32[62-2*b], zetas32[31-b]
		for j := range 4 {
			s0, d1 := gs(x[j], x[j+4], za)
			s2, d3 := gs(x[j+8], x[j+12], zb)
			x[j], x[j+8] = gs(s0, s2, z)
			x[j+4], x[j+12] = gs(d1, d3, z)
		}
	}
	// len = 16 and 32: four blocks of 64.
	for b, start := 0, 0; start < 256; b, start = b+1, start+64 {
		za, zb, z := zetas32[15-2*b], zetas32[14-2*b], zetas32[7-b]
		v0, v1, v2, v3 := quarters(p[:], start, 16)
		for j := range v0 {
			s0, d1 := gs(v0[j], v1[j], za)
			s2, d3 := gs(v2[j], v3[j], zb)
			v0[j], v2[j] = gs(s0, s2, z)
			v1[j], v3[j] = gs(d1, d3, z)
		}
	}
	// Layers len = 64 and 128 (k = 4, a single block), with the final factor
	// 256⁻¹·R fused in: the sums are multiplied by fInv32 and the differences
	// of the last layer by zf32 = ζ^BitRev8(1)·fInv32·R⁻¹, which saves the
	// separate scaling pass (FIPS 204, Algorithm 42, line 21).
	za, zb := zetas32[3], zetas32[2]
	v0, v1, v2, v3 := quarters(p[:], 0, 64)
	for j := range v0 {
		x0, x1, x2, x3 := v0[j], v1[j], v2[j], v3[j]
		s0, s2 := x0+x1, x2+x3
		d1 := field.MontgomeryMul32(za, x1-x0, q32, qInv32)
		d3 := field.MontgomeryMul32(zb, x3-x2, q32, qInv32)
		v0[j] = field.MontgomeryMul32(fInv32, s0+s2, q32, qInv32)
		v2[j] = field.MontgomeryMul32(zf32, s2-s0, q32, qInv32)
		v1[j] = field.MontgomeryMul32(fInv32, d1+d3, q32, qInv32)
		v3[j] = field.MontgomeryMul32(zf32, d3-d1, q32, qInv32)
	}
}

// MulMont32 implements MultiplyNTT, FIPS 204, Algorithm 45, times R⁻¹.
// See [MulMont32] for the contract.
func (scalar32) MulMont32(c, a, b *[256]int32) {
	for i := range c {
		c[i] = field.MontgomeryMul32(a[i], b[i], q32, qInv32)
	}
}

// MulAccMont32 adds a∘b·R⁻¹ to c. See [MulAccMont32] for the contract.
func (scalar32) MulAccMont32(c, a, b *[256]int32) {
	for i := range c {
		c[i] += field.MontgomeryMul32(a[i], b[i], q32, qInv32)
	}
}

func (scalar32) Reduce32(p *[256]int32) {
	for i := range p {
		p[i] = reduce32(p[i])
	}
}

func (scalar32) ToMont32(p *[256]int32) {
	for i := range p {
		p[i] = field.MontgomeryMul32(p[i], r2Mod32, q32, qInv32)
	}
}

func (scalar32) CAddQ32(p *[256]int32) {
	for i := range p {
		p[i] = field.CondAdd32(p[i], q32)
	}
}

func (scalar32) Freeze32(p *[256]int32) {
	for i := range p {
		p[i] = field.CondAdd32(reduce32(p[i]), q32)
	}
}
