package sample

import "github.com/moduletto/moduletto/internal/keccak"

// A Sponge is a SHA3-256 computation (FIPS 202, Section 6.1) whose input
// arrives in pieces that the caller computes from the outputs of other
// jobs: [AbsorbJob] absorbs a piece beside the jobs of a [Run] that
// produce the next one, and [Sponge.Sum256] absorbs the last piece and
// writes the hash. H(ek) in ML-KEM key generation, over t̂ row by row
// while the later rows of Â are sampled, is one. The zero Sponge is an
// empty SHA3-256 sponge; it holds no pointers, so it may live in the
// caller's frame.
type Sponge struct {
	a   [25]uint64    // the state after the whole blocks absorbed so far
	buf [rate256]byte // the input after those blocks
	n   int           // bytes in buf
}

// AbsorbJob returns the job that absorbs in into s: every whole block of
// s's buffered input followed by in, each XORed into s's state and
// permuted in a Keccak lane of the Run, the rest kept in s for the next
// piece. If that is less than a block, AbsorbJob buffers it at once and
// returns the zero Job. in must not change, and s must not be used, until
// the Run is done.
func AbsorbJob(s *Sponge, in []byte) Job {
	if s.n+len(in) < rate256 {
		s.n += copy(s.buf[s.n:], in)
		return Job{}
	}
	return Job{kind: hashAbsorb, in: keccak.Input{s.buf[:s.n], in}, sponge: s}
}

// finishAbsorb finishes an AbsorbJob whose lane l of x has absorbed and
// permuted the input up to off, leaving less than a block: it saves the
// lane's state in the job's Sponge and buffers the rest of the input
// there. The rest lies in the job's new piece: off ≥ rate256 exceeds the
// buffered bytes.
func finishAbsorb(x *keccak.States, l int, jb *Job, off int) {
	s := jb.sponge
	x.SaveState(l, &s.a)
	s.n = copy(s.buf[:], jb.in[1][off-len(jb.in[0]):])
}

// Sum256 absorbs in into s, pads, and writes the SHA3-256 hash of
// everything s absorbed to dst; s is then cleared.
func (s *Sponge) Sum256(dst *[32]byte, in []byte) {
	keccak.SumFrom(&s.a, dst[:], s.buf[:s.n], in, rate256, keccak.SuffixSHA3)
	*s = Sponge{}
}
