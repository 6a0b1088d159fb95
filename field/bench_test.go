package field

import (
	"math/rand/v2"
	"testing"
)

// Benchmarks run each kernel over 256 inputs (one polynomial) per op.

const benchN = 256

var (
	sink32 int32
	sinkU  uint32
)

func benchInputs32(lo, hi int64) []int32 {
	rng := rand.New(rand.NewPCG(1, 1))
	xs := make([]int32, benchN)
	for i := range xs {
		xs[i] = int32(lo + rng.Int64N(hi-lo))
	}
	return xs
}

func benchInputs64(lo, hi int64) []int64 {
	rng := rand.New(rand.NewPCG(1, 1))
	xs := make([]int64, benchN)
	for i := range xs {
		xs[i] = lo + rng.Int64N(hi-lo)
	}
	return xs
}

func BenchmarkMontgomeryReduce16(b *testing.B) {
	xs := benchInputs32(-3329<<15, 3329<<15)
	var acc int32
	for b.Loop() {
		for _, x := range xs {
			acc ^= int32(MontgomeryReduce16(x, 3329, -3327))
		}
	}
	sink32 = acc
}

func BenchmarkBarrettReduce16(b *testing.B) {
	xs := benchInputs32(-1<<15, 1<<15)
	var acc int32
	for b.Loop() {
		for _, x := range xs {
			acc ^= int32(BarrettReduce16(int16(x), 3329, 20159))
		}
	}
	sink32 = acc
}

func BenchmarkCondSub16(b *testing.B) {
	xs := benchInputs32(0, 2*3329)
	var acc int32
	for b.Loop() {
		for _, x := range xs {
			acc ^= int32(CondSub16(int16(x), 3329))
		}
	}
	sink32 = acc
}

func BenchmarkCondAdd16(b *testing.B) {
	xs := benchInputs32(-3329, 3329)
	var acc int32
	for b.Loop() {
		for _, x := range xs {
			acc ^= int32(CondAdd16(int16(x), 3329))
		}
	}
	sink32 = acc
}

func BenchmarkCondSub32(b *testing.B) {
	xs := benchInputs32(0, 2*8380417)
	var acc int32
	for b.Loop() {
		for _, x := range xs {
			acc ^= CondSub32(x, 8380417)
		}
	}
	sink32 = acc
}

func BenchmarkCondSubU32(b *testing.B) {
	xs := benchInputs32(0, 2*8380417)
	var acc uint32
	for b.Loop() {
		for _, x := range xs {
			acc ^= CondSubU32(uint32(x), 8380417)
		}
	}
	sinkU = acc
}

func BenchmarkMontgomeryReduce32(b *testing.B) {
	xs := benchInputs64(-8380417<<31, 8380417<<31)
	var acc int32
	for b.Loop() {
		for _, x := range xs {
			acc ^= MontgomeryReduce32(x, 8380417, 58728449)
		}
	}
	sink32 = acc
}

func BenchmarkBarrettReduce32(b *testing.B) {
	xs := benchInputs32(-1<<31, 1<<31)
	v, s := q8380417.Barrett32()
	var acc int32
	for b.Loop() {
		for _, x := range xs {
			acc ^= BarrettReduce32(x, 8380417, v, s)
		}
	}
	sink32 = acc
}

func BenchmarkCondAdd32(b *testing.B) {
	xs := benchInputs32(-8380417, 8380417)
	var acc int32
	for b.Loop() {
		for _, x := range xs {
			acc ^= CondAdd32(x, 8380417)
		}
	}
	sink32 = acc
}

func BenchmarkMontgomeryReduce64(b *testing.B) {
	xs := benchInputs64(0, 8380417<<32)
	qNegInv := q8380417.QNegInv()
	var acc uint32
	for b.Loop() {
		for _, x := range xs {
			acc ^= MontgomeryReduce64(uint64(x), 8380417, qNegInv)
		}
	}
	sinkU = acc
}

func BenchmarkMontgomeryReduceLazy64(b *testing.B) {
	xs := benchInputs64(0, 8380417<<32)
	qNegInv := q8380417.QNegInv()
	var acc uint32
	for b.Loop() {
		for _, x := range xs {
			acc ^= MontgomeryReduceLazy64(uint64(x), 8380417, qNegInv)
		}
	}
	sinkU = acc
}

func BenchmarkBarrettReduce64(b *testing.B) {
	xs := benchInputs64(0, 1<<62)
	m := q8380417.Barrett64()
	var acc uint32
	for b.Loop() {
		for _, x := range xs {
			acc ^= BarrettReduce64(uint64(x), 8380417, m)
		}
	}
	sinkU = acc
}

// BenchmarkBarrettReduce64Params is the same reduction with the constants
// loaded from a *Params at run time, as the generic code does.
func BenchmarkBarrettReduce64Params(b *testing.B) {
	xs := benchInputs64(0, 1<<62)
	p := q8380417
	var acc uint32
	for b.Loop() {
		for _, x := range xs {
			acc ^= p.Reduce(uint64(x))
		}
	}
	sinkU = acc
}

func benchVecs[M Modulus]() (a, c, dst []ModN[M]) {
	rng := rand.New(rand.NewPCG(2, 2))
	a, c, dst = make([]ModN[M], benchN), make([]ModN[M], benchN), make([]ModN[M], benchN)
	for i := range a {
		a[i], c[i] = New[M](rng.Uint64()), New[M](rng.Uint64())
	}
	return a, c, dst
}

func BenchmarkModNInverse(b *testing.B) {
	x, _, _ := benchVecs[Q8380417]()
	var acc ModN[Q8380417]
	for b.Loop() {
		acc = x[0].Add(acc).Inverse()
	}
	sinkU = acc.Value()
}

func BenchmarkModNExp(b *testing.B) {
	x, _, _ := benchVecs[Q8380417]()
	var acc ModN[Q8380417]
	for b.Loop() {
		acc = x[0].Add(acc).Exp(0xdeadbeefcafef00d)
	}
	sinkU = acc.Value()
}

func BenchmarkModNEqualSelect(b *testing.B) {
	x, y, dst := benchVecs[Q3329]()
	for b.Loop() {
		for i := range dst {
			dst[i] = Select(x[i].Equal(y[i]), x[i], y[i])
		}
	}
}

// benchVecOp runs f over 256-element slices of ModN[M].
func benchVecOp[M Modulus](b *testing.B, f func(dst, x, y []ModN[M])) {
	x, y, dst := benchVecs[M]()
	for b.Loop() {
		f(dst, x, y)
	}
}

// benchConcreteOp runs a concrete kernel f over 256-element []uint32 slices.
func benchConcreteOp(b *testing.B, q uint32, f func(dst, x, y []uint32)) {
	x, y, dst := benchConcrete(q)
	for b.Loop() {
		f(dst, x, y)
	}
}

func addPerElement[M Modulus](dst, x, y []ModN[M]) {
	for i := range dst {
		dst[i] = x[i].Add(y[i])
	}
}

func mulPerElement[M Modulus](dst, x, y []ModN[M]) {
	for i := range dst {
		dst[i] = x[i].Mul(y[i])
	}
}

// BenchmarkAddVec and BenchmarkMulVec compare the generic vector functions
// with a concrete kernel for the same q and with a ModN method call per
// element (an indirect call through the generic shape's dictionary).
func BenchmarkAddVec(b *testing.B) {
	b.Run("q=3329/generic", func(b *testing.B) { benchVecOp(b, AddVec[Q3329]) })
	b.Run("q=3329/concrete", func(b *testing.B) { benchConcreteOp(b, 3329, addConcrete3329) })
	b.Run("q=3329/method-per-element", func(b *testing.B) { benchVecOp(b, addPerElement[Q3329]) })
}

func BenchmarkMulVec(b *testing.B) {
	b.Run("q=3329/generic", func(b *testing.B) { benchVecOp(b, MulVec[Q3329]) })
	b.Run("q=3329/concrete", func(b *testing.B) { benchConcreteOp(b, 3329, mulConcrete3329) })
	b.Run("q=3329/method-per-element", func(b *testing.B) { benchVecOp(b, mulPerElement[Q3329]) })
	b.Run("q=8380417/generic", func(b *testing.B) { benchVecOp(b, MulVec[Q8380417]) })
	b.Run("q=8380417/concrete", func(b *testing.B) { benchConcreteOp(b, 8380417, mulConcrete8380417) })
	b.Run("q=8380417/method-per-element", func(b *testing.B) { benchVecOp(b, mulPerElement[Q8380417]) })
}

func BenchmarkSubVec(b *testing.B) { benchVecOp(b, SubVec[Q8380417]) }

func BenchmarkMulAddVec(b *testing.B) { benchVecOp(b, MulAddVec[Q8380417]) }

func BenchmarkScalarMulVec(b *testing.B) {
	x, y, dst := benchVecs[Q8380417]()
	for b.Loop() {
		ScalarMulVec(dst, x, y[0])
	}
}

// Concrete kernels: what a hand-written loop for one fixed q looks like, the
// yardstick for the generic vector operations.

func benchConcrete(q uint32) (a, c, dst []uint32) {
	rng := rand.New(rand.NewPCG(2, 2))
	a, c, dst = make([]uint32, benchN), make([]uint32, benchN), make([]uint32, benchN)
	for i := range a {
		a[i], c[i] = rng.Uint32N(q), rng.Uint32N(q)
	}
	return a, c, dst
}

func addConcrete3329(dst, a, b []uint32) {
	const q = 3329
	b, dst = b[:len(a)], dst[:len(a)]
	for i := range a {
		r := a[i] + b[i] - q
		dst[i] = r + q&-(r>>31)
	}
}

func mulConcrete3329(dst, a, b []uint32) {
	const q, m = 3329, ^uint64(0) / 3329
	b, dst = b[:len(a)], dst[:len(a)]
	for i := range a {
		dst[i] = BarrettReduce64(uint64(a[i])*uint64(b[i]), q, m)
	}
}

func mulConcrete8380417(dst, a, b []uint32) {
	const q, m = 8380417, ^uint64(0) / 8380417
	b, dst = b[:len(a)], dst[:len(a)]
	for i := range a {
		dst[i] = BarrettReduce64(uint64(a[i])*uint64(b[i]), q, m)
	}
}
