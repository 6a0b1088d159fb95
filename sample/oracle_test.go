package sample

// Plain transcriptions of the FIPS 203 / FIPS 204 pseudocode, used as test
// oracles. They read the XOF the way the pseudocode does (3 or 1 bytes per
// Squeeze), expand bytes to bits with BytesToBits, and use % and branches
// freely: simple and slow on purpose, written from the standards, not from the
// code under test.

import (
	"crypto/sha3"
)

const (
	oracleQ16 = 3329
	oracleQ32 = 8380417
)

// bytesToBits is FIPS 203, Algorithm 4 (FIPS 204, Algorithm 13).
func bytesToBits(b []byte) []int {
	bits := make([]int, 8*len(b))
	for i, c := range b {
		for j := range 8 {
			bits[8*i+j] = int(c) % 2
			c /= 2
		}
	}
	return bits
}

// oracleSampleNTT is FIPS 203, Algorithm 7 on input B = ρ‖j‖i.
func oracleSampleNTT(B []byte) [256]int {
	a, _ := oracleSampleNTTCount(B)
	return a
}

// oracleMatrix is FIPS 203, Algorithm 13, lines 3–7: Â[i][j] = SampleNTT(ρ‖j‖i).
func oracleMatrix(rho []byte, k int) [][][256]int {
	A := make([][][256]int, k)
	for i := range k {
		A[i] = make([][256]int, k)
		for j := range k {
			A[i][j] = oracleSampleNTT(append(append([]byte{}, rho...), byte(j), byte(i)))
		}
	}
	return A
}

// oracleCBD is FIPS 203, Algorithm 8, with coefficients taken mod q into [0, q).
func oracleCBD(B []byte, eta int) [256]int {
	b := bytesToBits(B)
	var f [256]int
	for i := range 256 {
		x, y := 0, 0
		for j := range eta {
			x += b[2*i*eta+j]
			y += b[2*i*eta+eta+j]
		}
		f[i] = ((x-y)%oracleQ16 + oracleQ16) % oracleQ16
	}
	return f
}

// oraclePRF is FIPS 203, equation (4.3): PRF_η(s, b) = SHAKE256(s‖b, 8·64·η).
func oraclePRF(s []byte, b byte, eta int) []byte {
	return sha3.SumSHAKE256(append(append([]byte{}, s...), b), 64*eta)
}

// coeffFromThreeBytes is FIPS 204, Algorithm 14; ok = false stands for ⊥.
func coeffFromThreeBytes(b0, b1, b2 byte) (int, bool) {
	b2p := int(b2)
	if b2p > 127 {
		b2p -= 128
	}
	z := 65536*b2p + 256*int(b1) + int(b0)
	if z < oracleQ32 {
		return z, true
	}
	return 0, false
}

// oracleRejNTTPoly is FIPS 204, Algorithm 30 on the 34-byte seed ρ.
func oracleRejNTTPoly(rho []byte) [256]int {
	var a [256]int
	j := 0
	ctx := sha3.NewSHAKE128()
	ctx.Write(rho)
	for j < 256 {
		s := make([]byte, 3)
		ctx.Read(s)
		if c, ok := coeffFromThreeBytes(s[0], s[1], s[2]); ok {
			a[j] = c
			j++
		}
	}
	return a
}

// oracleExpandA is FIPS 204, Algorithm 32: Â[r][s] = RejNTTPoly(ρ‖s‖r).
func oracleExpandA(rho []byte, k, l int) [][][256]int {
	A := make([][][256]int, k)
	for r := range k {
		A[r] = make([][256]int, l)
		for s := range l {
			A[r][s] = oracleRejNTTPoly(append(append([]byte{}, rho...), byte(s), byte(r)))
		}
	}
	return A
}

// coeffFromHalfByte is FIPS 204, Algorithm 15; ok = false stands for ⊥.
func coeffFromHalfByte(b, eta int) (int, bool) {
	if eta == 2 && b < 15 {
		return 2 - (b % 5), true
	}
	if eta == 4 && b < 9 {
		return 4 - b, true
	}
	return 0, false
}

// oracleRejBoundedPoly is FIPS 204, Algorithm 31 on the 66-byte seed ρ.
func oracleRejBoundedPoly(rho []byte, eta int) [256]int {
	var a [256]int
	j := 0
	ctx := sha3.NewSHAKE256()
	ctx.Write(rho)
	for j < 256 {
		z := make([]byte, 1)
		ctx.Read(z)
		z0, ok0 := coeffFromHalfByte(int(z[0])%16, eta)
		z1, ok1 := coeffFromHalfByte(int(z[0])/16, eta)
		if ok0 {
			a[j] = z0
			j++
		}
		if ok1 && j < 256 {
			a[j] = z1
			j++
		}
	}
	return a
}

// integerToBytes is FIPS 204, Algorithm 11.
func integerToBytes(x, alpha int) []byte {
	y := make([]byte, alpha)
	for i := range alpha {
		y[i] = byte(x % 256)
		x /= 256
	}
	return y
}

// oracleExpandS is FIPS 204, Algorithm 33.
func oracleExpandS(rho []byte, k, l, eta int) (s1, s2 [][256]int) {
	for r := range l {
		s1 = append(s1, oracleRejBoundedPoly(append(append([]byte{}, rho...), integerToBytes(r, 2)...), eta))
	}
	for r := range k {
		s2 = append(s2, oracleRejBoundedPoly(append(append([]byte{}, rho...), integerToBytes(r+l, 2)...), eta))
	}
	return s1, s2
}

// oracleSampleInBall is FIPS 204, Algorithm 29.
func oracleSampleInBall(rho []byte, tau int) [256]int {
	var c [256]int
	ctx := sha3.NewSHAKE256()
	ctx.Write(rho)
	s := make([]byte, 8)
	ctx.Read(s)
	h := bytesToBits(s)
	for i := 256 - tau; i <= 255; i++ {
		j := make([]byte, 1)
		ctx.Read(j)
		for int(j[0]) > i {
			ctx.Read(j)
		}
		c[i] = c[j[0]]
		c[j[0]] = 1 - 2*h[i+tau-256] // (−1)^h
	}
	return c
}

// bitlen is the number of bits in the binary form of a > 0.
func bitlen(a int) int {
	n := 0
	for a > 0 {
		n++
		a /= 2
	}
	return n
}

// oracleBitUnpack is FIPS 204, Algorithm 19: coefficients b − w for
// c = bitlen(a+b)-bit values w.
func oracleBitUnpack(v []byte, a, b int) [256]int {
	c := bitlen(a + b)
	z := bytesToBits(v)
	var w [256]int
	for i := range 256 {
		x := 0
		for j := range c {
			x += z[i*c+j] << j
		}
		w[i] = b - x
	}
	return w
}

// oracleExpandMask is FIPS 204, Algorithm 34.
func oracleExpandMask(rho []byte, mu, l, gamma1 int) [][256]int {
	c := 1 + bitlen(gamma1-1)
	var y [][256]int
	for r := range l {
		n := integerToBytes(mu+r, 2)
		v := sha3.SumSHAKE256(append(append([]byte{}, rho...), n...), 32*c)
		y = append(y, oracleBitUnpack(v, gamma1-1, gamma1))
	}
	return y
}

// oracleSampleNTTCount is oracleSampleNTT that also returns how many XOF
// bytes it read.
func oracleSampleNTTCount(B []byte) ([256]int, int) {
	ctx := sha3.NewSHAKE128()
	ctx.Write(B)
	var a [256]int
	j, used := 0, 0
	for j < 256 {
		C := make([]byte, 3)
		ctx.Read(C)
		used += 3
		d1 := int(C[0]) + 256*(int(C[1])%16)
		d2 := int(C[1])/16 + 16*int(C[2])
		if d1 < oracleQ16 {
			a[j] = d1
			j++
		}
		if d2 < oracleQ16 && j < 256 {
			a[j] = d2
			j++
		}
	}
	return a, used
}
