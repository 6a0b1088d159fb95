package core

import (
	cryptorand "crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"io"

	"github.com/moduletto/moduletto/internal/ctgrind"
	"github.com/moduletto/moduletto/ring"
	"github.com/moduletto/moduletto/sample"
)

// secrets is one key's draws, in the order the reference makes them.
type secrets struct {
	g, f [maxP]int8
	v    [maxP]int16 // 1/g in R/3
	rho  [maxSmall]byte
}

// readWords fills words[:p] from 4p bytes of rand, little-endian: one
// randombytes call of the reference.
func (pp *Params) readWords(rand io.Reader, words *[maxP]uint32) error {
	var buf [4 * maxP]byte
	if err := pp.random(rand, buf[:pp.randomSize()]); err != nil {
		return err
	}
	pp.toWords(words, buf[:pp.randomSize()])
	clear(buf[:])
	return nil
}

// toWords sets words[:p] to the 4p bytes of b, little-endian.
func (pp *Params) toWords(words *[maxP]uint32, b []byte) {
	b = b[:4*pp.p]
	for i := range words[:pp.p] {
		words[i] = binary.LittleEndian.Uint32(b) // the loop's bound keeps len(b) ≥ 4
		b = b[4:]
	}
}

// short draws a Short element (weight w, coefficients in {−1, 0, 1}) from
// 4p random bytes: Short_random of the specification.
func (pp *Params) short(rand io.Reader, s []int8) error {
	var words [maxP]uint32
	if err := pp.readWords(rand, &words); err != nil {
		return err
	}
	sample.FixedWeight(s, words[:pp.p], pp.w)
	clear(words[:])
	return nil
}

// draw reads one key's randomness: g (Small_random) until it is invertible
// in R/3, then f (Short_random), then ρ. The retry loop is rejection
// sampling on a discarded secret, as in the reference: whether a g was
// invertible reveals nothing about the key that is kept.
func (pp *Params) draw(rand io.Reader, s *secrets) error {
	var words [maxP]uint32
	defer clear(words[:])
	var g16 [maxP]int16
	defer clear(g16[:])
	for {
		if err := pp.readWords(rand, &words); err != nil {
			return err
		}
		sample.Ternary(s.g[:pp.p], words[:pp.p])
		widen(g16[:], s.g[:pp.p])
		// Declassified (valgrind builds): the retry decision is public by
		// design, as the g it rejects is discarded.
		if ctgrind.Declassify(pp.r3.Invert(s.v[:pp.p], g16[:pp.p])) {
			break
		}
	}
	if err := pp.short(rand, s.f[:pp.p]); err != nil {
		return err
	}
	return pp.random(rand, s.rho[:pp.smallSize])
}

// drawBatch is len(s) successive draws. With crypto/rand (rand nil) and
// pp.batchR3 it inverts the g_i in R/3 together, by Montgomery's trick
// (speculate): it draws g, f and ρ for every key as if every g were
// invertible, then inverts the batch; if the product of the g_i is not
// invertible, some g_i was not, and it draws the whole batch again one key
// at a time. Whether that happens is the retry decision of draw for the
// whole batch, and as public: the secrets it discards are never used. A
// caller's rand is read exactly as successive draws read it, as the
// reference reads randombytes (a NIST DRBG's output depends on how its
// reads are cut), so it is not speculated on.
func (pp *Params) drawBatch(rand io.Reader, s []secrets) error {
	if rand == nil && pp.batchR3 && len(s) > 1 {
		if ok, err := pp.speculate(nil, s); ok || err != nil {
			return err
		}
	}
	for i := range s {
		if err := pp.draw(rand, &s[i]); err != nil {
			return err
		}
	}
	return nil
}

// speculate draws g, f and ρ for every key of s from rand, as draw would
// if every g were invertible, and reports whether they all are, with s[i].v
// set to 1/g_i in R/3 if so (one inversion for the batch). It reads each
// key's bytes at once (from crypto/rand, one SHAKE-256 expansion in four
// lanes instead of three), the same bytes as draw's three reads of a
// stream.
func (pp *Params) speculate(rand io.Reader, s []secrets) (bool, error) {
	p, n := pp.p, len(s)
	buf := make([]int16, (2*n+1)*p) // the g_i, their inverses, BatchInvert's scratch
	defer clear(buf)
	g, v := make([][]int16, n), make([][]int16, n)
	var words [maxP]uint32
	defer clear(words[:])
	var raw [8*maxP + maxSmall]byte
	defer clear(raw[:])
	m := pp.randomSize()
	for i := range s {
		if err := pp.random(rand, raw[:2*m+pp.smallSize]); err != nil {
			return false, err
		}
		pp.toWords(&words, raw[:m])
		sample.Ternary(s[i].g[:p], words[:p])
		pp.toWords(&words, raw[m:2*m])
		sample.FixedWeight(s[i].f[:p], words[:p], pp.w)
		copy(s[i].rho[:pp.smallSize], raw[2*m:])
		g[i], v[i] = widen(buf[i*p:(i+1)*p], s[i].g[:p]), buf[(n+i)*p:(n+i+1)*p]
	}
	// Declassified (valgrind builds): the retry decision, as in draw.
	if !ctgrind.Declassify(ring.BatchInvert(pp.r3, v, g, buf[2*n*p:])) {
		return false, nil
	}
	for i := range s {
		copy(s[i].v[:p], v[i])
	}
	return true, nil
}

// random fills b with one randombytes call: one read of rand
// (io.ReadFull) into a heap buffer, so that b, often on the stack, does not
// escape through the io.Reader interface; or, if rand is nil, from
// crypto/rand, where a draw of more than 64 bytes takes a 32-byte seed and
// expands it with SHAKE-256 in four lanes at once (the 4p-byte draws of r,
// f and g: reading 3 KiB from the operating system costs more than the
// rest of an encapsulation).
func (pp *Params) random(rand io.Reader, b []byte) error {
	if rand == nil {
		defer ctgrind.Secret(b) // fresh randomness is secret (valgrind builds)
		if len(b) <= 64 {
			cryptorand.Read(b) // never fails (crypto/rand, Go 1.24 and later)
			return nil
		}
		var seed [32]byte
		cryptorand.Read(seed[:])
		expand(b, &seed)
		clear(seed[:])
		return nil
	}
	tmp := make([]byte, len(b))
	if _, err := io.ReadFull(rand, tmp); err != nil {
		return fmt.Errorf("%s: reading randomness: %w", pp.name, err)
	}
	copy(b, tmp)
	clear(tmp)
	return nil
}

// expandLabel domain-separates the four SHAKE-256 lanes of expand.
var expandLabel = [4][]byte{[]byte("sntrup expand 0"), []byte("sntrup expand 1"), []byte("sntrup expand 2"), []byte("sntrup expand 3")}

// expand fills b with SHAKE-256(seed ‖ "sntrup expand i") for the four
// quarters i of b.
func expand(b []byte, seed *[32]byte) {
	n := (len(b) + 3) / 4
	var jobs [4]sample.Job
	for i := range jobs {
		jobs[i] = sample.SHAKE256Job(b[min(i*n, len(b)):min(i*n+n, len(b))], seed[:], expandLabel[i])
	}
	sample.Run(jobs[:])
}

// threeF sets a = 3f in R/q.
func (pp *Params) threeF(a []int16, f []int8) {
	for i, c := range f {
		a[i] = 3 * int16(c)
	}
}

// finish completes dk, the key of s, given h = g/(3f) in R/q: pk =
// Encode(h), sk = Small(f) ‖ Small(1/g) ‖ pk ‖ ρ ‖ Hash4(pk) (KeyGen of
// the specification), with the transforms of h and 1/g prepared from the
// values at hand, as NewDecapsulationKey would prepare them from sk. dk.fp
// must already hold f, prepared (PrepareSmall).
func (pp *Params) finish(dk *DecapsulationKey, s *secrets, h []int16) *DecapsulationKey {
	p, n := pp.p, pp.smallSize
	var v [maxP]int8
	defer clear(v[:])
	for i, c := range s.v[:p] {
		v[i] = int8(c)
	}
	sk := make([]byte, pp.DecapsulationKeySize())
	pp.encodeSmall(sk[:n], s.f[:p])
	pp.encodeSmall(sk[n:2*n], v[:p])
	pk := sk[2*n : 2*n+pp.pkSize]
	pp.encodeRq(pk, h)
	ctgrind.Public(pk) // the public key (valgrind builds)
	copy(sk[2*n+pp.pkSize:], s.rho[:n])
	dk.ek, dk.bytes = EncapsulationKey{pp: pp, bytes: append([]byte(nil), pk...)}, sk
	dk.ek.cache = hashPrefix(4, pk, nil)
	copy(sk[3*n+pp.pkSize:], dk.ek.cache[:])
	copy(dk.rho[:], s.rho[:n])
	pp.rq.Prepare(&dk.ek.hp, h)
	pp.r3.PrepareSmall(&dk.vp, v[:p])
	return dk
}

// errNotInvertible is unreachable: x^p − x − 1 is irreducible modulo q for
// every parameter set, so R/q is a field and 3f ≠ 0 is invertible.
var errNotInvertible = errors.New("3f is not invertible in R/q")

// GenerateKey returns a new key, drawing randomness from rand (crypto/rand
// if nil) exactly as the reference consumes randombytes.
func (pp *Params) GenerateKey(rand io.Reader) (*DecapsulationKey, error) {
	var s secrets
	defer clear(s.f[:])
	defer clear(s.g[:])
	defer clear(s.v[:])
	if err := pp.draw(rand, &s); err != nil {
		return nil, err
	}
	var a, finv [maxP]int16
	defer clear(a[:])
	defer clear(finv[:])
	pp.threeF(a[:pp.p], s.f[:pp.p])
	if !ctgrind.Declassify(pp.rq.Invert(finv[:pp.p], a[:pp.p])) { // always invertible: nothing secret to learn
		return nil, fmt.Errorf("%s: %w", pp.name, errNotInvertible)
	}
	var h [maxP]int16
	pp.rq.MulSmall(h[:pp.p], finv[:pp.p], s.g[:pp.p])
	dk := new(DecapsulationKey)
	pp.rq.PrepareSmall(&dk.fp, s.f[:pp.p])
	return pp.finish(dk, &s, h[:pp.p]), nil
}

// GenerateKeys returns n keys, reading rand as n successive calls of
// GenerateKey would, with one inversion in R/q for the whole batch
// (quotients, Montgomery's trick).
func (pp *Params) GenerateKeys(rand io.Reader, n int) ([]*DecapsulationKey, error) {
	if n < 0 {
		return nil, fmt.Errorf("%s: negative number of keys %d", pp.name, n)
	}
	s := make([]secrets, n)
	defer func() {
		for i := range s {
			clear(s[i].f[:])
			clear(s[i].g[:])
			clear(s[i].v[:])
		}
	}()
	if err := pp.drawBatch(rand, s); err != nil {
		return nil, err
	}
	keys := make([]*DecapsulationKey, n)
	for i := range keys {
		keys[i] = new(DecapsulationKey)
		pp.rq.PrepareSmall(&keys[i].fp, s[i].f[:pp.p]) // for the quotients, then kept by the key
	}
	h := make([]int16, n*pp.p)
	defer clear(h)
	if !ctgrind.Declassify(pp.quotients(h, s, keys)) { // always invertible
		return nil, fmt.Errorf("%s: %w", pp.name, errNotInvertible)
	}
	for i := range keys {
		hi := h[i*pp.p : (i+1)*pp.p]
		pp.divideBy3(hi)
		pp.finish(keys[i], &s[i], hi)
	}
	return keys, nil
}

// quotients sets h[i·p:(i+1)·p] = g_i/f_i in R/q for the n = len(s) keys,
// with one inversion, by Montgomery's trick (as ring.BatchInvert) fused
// with the products by g_i, so that no 1/f_i is formed: with P_i =
// f_0⋯f_i and Q_i = P_(i−1)·g_i, T = 1/P_(n−1) and, for i from n − 1 down
// to 1, g_i/f_i = T·Q_i and then T ← T·f_i; the last T is 1/f_0, and
// g_0/f_0 = T·g_0. Each element is transformed once for all its products
// (ring.Prepared, ring.Ring.MulBothPrepared). keys[i].fp must hold f_i,
// prepared. It reports whether P_(n−1) was invertible (always: R/q is a
// field). The sequence of operations depends only on n.
func (pp *Params) quotients(h []int16, s []secrets, keys []*DecapsulationKey) bool {
	p, n := pp.p, len(s)
	if n == 0 {
		return true
	}
	var prefix, t [maxP]int16
	defer clear(prefix[:])
	defer clear(t[:])
	var pa, pb ring.Prepared
	defer pa.Clear()
	defer pb.Clear()
	// The forward pass: prefix = P_(i−1), prepared in pa, gives Q_i (into
	// h_i) and P_i. P_0 = f_0 is keys[0].fp itself.
	prep := &keys[0].fp
	for i := 1; i < n; i++ {
		pp.rq.PrepareSmall(&pb, s[i].g[:p])
		pp.rq.MulBothPrepared(h[i*p:(i+1)*p], prep, &pb)
		pp.rq.MulBothPrepared(prefix[:p], prep, &keys[i].fp)
		pp.rq.Prepare(&pa, prefix[:p])
		prep = &pa
	}
	if n == 1 {
		widen(prefix[:p], s[0].f[:p])
	}
	ok := pp.rq.Invert(t[:p], prefix[:p])
	// The backward pass: t = 1/P_i on entry to step i.
	for i := n - 1; i >= 1; i-- {
		hi := h[i*p : (i+1)*p]
		pp.rq.PrepareBig(&pa, t[:p])
		pp.rq.PrepareBig(&pb, hi)
		pp.rq.MulBothPrepared(hi, &pa, &pb)
		pp.rq.MulBothPrepared(t[:p], &pa, &keys[i].fp)
	}
	pp.rq.MulSmall(h[:p], t[:p], s[0].g[:p])
	return ok
}

// widen writes the small coefficients s into dst as int16 and returns
// dst[:len(s)].
func widen(dst []int16, s []int8) []int16 {
	dst = dst[:len(s)]
	for i, v := range s {
		dst[i] = int16(v)
	}
	return dst
}

// divideBy3 sets c = c/3 in R/q: each coefficient times 3⁻¹ mod q.
func (pp *Params) divideBy3(c []int16) {
	inv3 := int32((pp.q + 1) / 3) // 3·inv3 = q + 1 when q ≡ 2 (mod 3)
	if pp.q%3 == 1 {
		inv3 = int32((2*pp.q + 1) / 3)
	}
	var t [maxP]int32
	for i, v := range c {
		t[i] = int32(v) * inv3
	}
	pp.rq.Reduce(c, t[:len(c)])
	clear(t[:])
}
