package sample

import (
	"testing"

	"github.com/moduletto/moduletto/poly"
)

// FuzzMLKEMSamplers feeds arbitrary seeds to the FIPS 203 samplers: they
// never panic, outputs are canonical, and they agree with the oracles.
func FuzzMLKEMSamplers(f *testing.F) {
	f.Add([]byte("seed"), byte(0), byte(1), false)
	f.Add(make([]byte, 192), byte(255), byte(255), true)
	f.Fuzz(func(t *testing.T, data []byte, j, i byte, eta3 bool) {
		var rho [32]byte
		copy(rho[:], data)
		var a poly.NTTPoly16
		SampleNTT(&a, &rho, j, i)
		if ints16(&a) != oracleSampleNTT(append(rho[:], j, i)) {
			t.Fatalf("SampleNTT(ρ=%x, %d, %d) differs from the oracle", rho, j, i)
		}
		eta := 2
		if eta3 {
			eta = 3
		}
		b := make([]byte, 64*eta)
		copy(b, data)
		var p poly.Poly16
		SamplePolyCBD(&p, b, eta)
		for _, c := range p {
			if c < 0 || c >= poly.Q16 {
				t.Fatalf("SamplePolyCBD_%d coefficient %d outside [0, q)", eta, c)
			}
		}
		if ints16(&p) != oracleCBD(b, eta) {
			t.Fatalf("SamplePolyCBD_%d(%x) differs from the oracle", eta, b)
		}
	})
}

// FuzzMLDSASamplers feeds arbitrary seeds and c̃ of any length to the
// FIPS 204 samplers: they never panic and stay in their documented ranges.
func FuzzMLDSASamplers(f *testing.F) {
	f.Add([]byte("seed"), uint16(0), byte(49), false)
	f.Add(make([]byte, 64), uint16(0xffff), byte(60), true)
	f.Fuzz(func(t *testing.T, data []byte, nonce uint16, tauByte byte, eta4 bool) {
		var rho32 [32]byte
		var rho64 [64]byte
		copy(rho32[:], data)
		copy(rho64[:], data)

		var a poly.NTTPoly32
		RejNTTPoly(&a, &rho32, byte(nonce), byte(nonce>>8))
		for _, c := range a {
			if c < 0 || c >= poly.Q32 {
				t.Fatalf("RejNTTPoly coefficient %d outside [0, q)", c)
			}
		}

		eta := int32(2)
		if eta4 {
			eta = 4
		}
		var s poly.Poly32
		RejBoundedPoly(&s, &rho64, nonce, int(eta))
		for _, c := range s {
			if c < -eta || c > eta {
				t.Fatalf("RejBoundedPoly_%d coefficient %d outside [−η, η]", eta, c)
			}
		}

		tau := 1 + int(tauByte)%64
		var c poly.Poly32
		SampleInBall(&c, data, tau)
		weight := 0
		for _, x := range c {
			if x < -1 || x > 1 {
				t.Fatalf("SampleInBall coefficient %d not in {−1, 0, 1}", x)
			}
			if x != 0 {
				weight++
			}
		}
		if weight != tau {
			t.Fatalf("SampleInBall(τ=%d) has %d nonzero coefficients", tau, weight)
		}
		if ints32(&c) != oracleSampleInBall(data, tau) {
			t.Fatalf("SampleInBall(%x, %d) differs from the oracle", data, tau)
		}

		var y [2]poly.Poly32
		for _, gamma1 := range []int32{1 << 17, 1 << 19} {
			ExpandMask(y[:], &rho64, nonce, int(gamma1))
			for r := range y {
				for _, x := range y[r] {
					if x <= -gamma1 || x > gamma1 {
						t.Fatalf("ExpandMask(γ1=%d) coefficient %d outside (−γ1, γ1]", gamma1, x)
					}
				}
			}
		}
	})
}
