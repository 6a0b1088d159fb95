package poly

// Plain transcriptions of the FIPS pseudocode, bit by bit, used as oracles.

// bitsToBytes is FIPS 203 Algorithm 3 / FIPS 204 Algorithm 11.
func bitsToBytes(b []byte) []byte {
	out := make([]byte, len(b)/8)
	for i := range b {
		out[i/8] += b[i] << (i % 8)
	}
	return out
}

// bytesToBits is FIPS 203 Algorithm 4 / FIPS 204 Algorithm 12.
func bytesToBits(in []byte) []byte {
	b := make([]byte, 8*len(in))
	for i, c := range in {
		for j := range 8 {
			b[8*i+j] = c % 2
			c /= 2
		}
	}
	return b
}

// byteEncodeOracle is FIPS 203 Algorithm 5.
func byteEncodeOracle(f []int64, d int) []byte {
	b := make([]byte, 256*d)
	for i := range 256 {
		a := f[i]
		for j := range d {
			b[i*d+j] = byte(a % 2)
			a = (a - int64(b[i*d+j])) / 2
		}
	}
	return bitsToBytes(b)
}

// byteDecodeOracle is FIPS 203 Algorithm 6.
func byteDecodeOracle(in []byte, d int) []int64 {
	m := int64(1) << d
	if d == 12 {
		m = Q16
	}
	b := bytesToBits(in)
	f := make([]int64, 256)
	for i := range 256 {
		var s int64
		for j := range d {
			s += int64(b[i*d+j]) << j
		}
		f[i] = s % m
	}
	return f
}

// bitlen is the bit length of a positive integer.
func bitlen(x int64) int {
	n := 0
	for ; x > 0; x /= 2 {
		n++
	}
	return n
}

// integerToBits is FIPS 204 Algorithm 9.
func integerToBits(x int64, alpha int) []byte {
	y := make([]byte, alpha)
	for i := range alpha {
		y[i] = byte(x % 2)
		x /= 2
	}
	return y
}

// bitsToInteger is FIPS 204 Algorithm 10.
func bitsToInteger(y []byte) int64 {
	var x int64
	for i := len(y) - 1; i >= 0; i-- {
		x = 2*x + int64(y[i])
	}
	return x
}

// simpleBitPackOracle is FIPS 204 Algorithm 16.
func simpleBitPackOracle(w []int64, b int64) []byte {
	var z []byte
	for i := range 256 {
		z = append(z, integerToBits(w[i], bitlen(b))...)
	}
	return bitsToBytes(z)
}

// bitPackOracle is FIPS 204 Algorithm 17.
func bitPackOracle(w []int64, a, b int64) []byte {
	var z []byte
	for i := range 256 {
		z = append(z, integerToBits(b-w[i], bitlen(a+b))...)
	}
	return bitsToBytes(z)
}

// simpleBitUnpackOracle is FIPS 204 Algorithm 18.
func simpleBitUnpackOracle(v []byte, b int64) []int64 {
	c := bitlen(b)
	z := bytesToBits(v)
	w := make([]int64, 256)
	for i := range 256 {
		w[i] = bitsToInteger(z[i*c : (i+1)*c])
	}
	return w
}

// bitUnpackOracle is FIPS 204 Algorithm 19.
func bitUnpackOracle(v []byte, a, b int64) []int64 {
	c := bitlen(a + b)
	z := bytesToBits(v)
	w := make([]int64, 256)
	for i := range 256 {
		w[i] = b - bitsToInteger(z[i*c:(i+1)*c])
	}
	return w
}
