// Command ctgrind runs every secret-handling operation of moduletto with its
// secret inputs marked secret for Valgrind's memcheck (internal/ctgrind), on
// every kernel set the build and CPU have. Build it with -tags valgrind (and
// optionally purego) and run it under memcheck with internal/ctgrind/run.sh;
// any report inside the module is a branch, address or variable-time
// operand that depends on a secret. Outside Valgrind it just runs.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"

	"github.com/moduletto/moduletto/dsa/mldsa"
	"github.com/moduletto/moduletto/internal/cpu"
	"github.com/moduletto/moduletto/internal/ctgrind"
	"github.com/moduletto/moduletto/kem/mlkem"
	"github.com/moduletto/moduletto/kem/mlkem/mlkemtest"
	"github.com/moduletto/moduletto/kem/sntrup"
	"github.com/moduletto/moduletto/kem/sntrup/sntruptest"
)

// control makes secret a no-op: a run that marks nothing secret, whose
// reports are therefore all about the runtime (go-runtime.supp cites it).
var control = flag.Bool("public", false, "mark nothing secret (control run)")

// require makes the run fail unless it runs under Valgrind with client
// requests compiled in (run.sh sets it: a run that marks nothing proves
// nothing).
var require = flag.Bool("require-valgrind", false, "fail unless running under Valgrind with -tags valgrind")

// secret marks b secret for memcheck, unless -public.
func secret(b []byte) {
	if !*control {
		ctgrind.Secret(b)
	}
}

// filled returns n bytes of a fixed pattern: the values do not matter to
// memcheck, only which bytes are marked secret.
func filled(n int, b byte) []byte {
	s := make([]byte, n)
	for i := range s {
		s[i] = b + byte(i)*7
	}
	return s
}

// kem is one ML-KEM parameter set through its exported API.
type kem struct {
	name   string
	newKey func(seed []byte) (decaps func(c []byte) ([]byte, error), ek []byte, err error)
	encaps func(ek, m []byte) (k, c []byte, err error)
}

// decapsulationKey is what the three DecapsulationKey types have in common.
type decapsulationKey[E interface{ Bytes() []byte }] interface {
	Decapsulate(ciphertext []byte) ([]byte, error)
	EncapsulationKey() E
}

// newKEM builds a kem from one size's constructors and mlkemtest's
// derandomized encapsulation.
func newKEM[D decapsulationKey[E], E interface{ Bytes() []byte }](name string,
	newDK func([]byte) (D, error), newEK func([]byte) (E, error),
	encaps func(E, []byte) ([]byte, []byte, error)) kem {
	return kem{name,
		func(seed []byte) (func([]byte) ([]byte, error), []byte, error) {
			dk, err := newDK(seed)
			if err != nil {
				return nil, nil, err
			}
			return dk.Decapsulate, dk.EncapsulationKey().Bytes(), nil
		},
		func(ek, m []byte) ([]byte, []byte, error) {
			e, err := newEK(ek)
			if err != nil {
				return nil, nil, err
			}
			return encaps(e, m)
		}}
}

func kems() []kem {
	return []kem{
		newKEM("ML-KEM-512", mlkem.NewDecapsulationKey512, mlkem.NewEncapsulationKey512, mlkemtest.Encapsulate512),
		newKEM("ML-KEM-768", mlkem.NewDecapsulationKey768, mlkem.NewEncapsulationKey768, mlkemtest.Encapsulate768),
		newKEM("ML-KEM-1024", mlkem.NewDecapsulationKey1024, mlkem.NewEncapsulationKey1024, mlkemtest.Encapsulate1024),
	}
}

// runKEM: key generation from a secret seed (d‖z), encapsulation with a
// secret m, decapsulation of the valid ciphertext and of a corrupted one
// (implicit rejection) with the secret key. Declassified: the encapsulation
// key and the ciphertext (public by design) and, only to compare them after
// the operation, the shared keys.
func runKEM(k kem) error {
	seed := filled(64, 1)
	secret(seed)
	decaps, ek, err := k.newKey(seed)
	if err != nil {
		return err
	}
	ctgrind.Public(ek)
	m := filled(32, 2)
	secret(m)
	key, c, err := k.encaps(ek, m)
	if err != nil {
		return err
	}
	ctgrind.Public(c)
	key2, err := decaps(c)
	if err != nil {
		return err
	}
	bad := bytes.Clone(c)
	bad[len(bad)/2] ^= 1
	key3, err := decaps(bad)
	if err != nil {
		return err
	}
	ctgrind.Public(key)
	ctgrind.Public(key2)
	ctgrind.Public(key3)
	if !bytes.Equal(key, key2) || bytes.Equal(key, key3) {
		return fmt.Errorf("%s: shared keys do not behave", k.name)
	}
	return nil
}

// runSNTRUP: sntrup761 key generation (single and a batch of two) from a
// secret randomness tape, and a batch of two from crypto/rand (whose output
// the library marks secret in valgrind builds), encapsulation with a secret r, decapsulation of
// the valid and of a corrupted ciphertext. Declassified: the keys' public
// halves and the ciphertexts; inside the library (valgrind builds only) the
// retry decision on g and the public key as it is encoded.
func runSNTRUP() error {
	tape := filled(3*4*761+191+4*761, 5)
	secret(tape)
	dk, err := sntruptest.GenerateKey761(bytes.NewReader(tape))
	if err != nil {
		return err
	}
	ek := dk.EncapsulationKey()
	batchTape := filled(2*(2*4*761+191), 6)
	secret(batchTape)
	if _, err := sntruptest.GenerateKeys761(bytes.NewReader(batchTape), 2); err != nil {
		return err
	}
	if !*control {
		// From crypto/rand, which the library marks secret itself: the
		// batch inversion in R/3 that only this path takes.
		if _, err := sntrup.GenerateKeys761(2); err != nil {
			return err
		}
	}
	r := filled(4*761, 7)
	secret(r)
	key, c, err := sntruptest.Encapsulate761(ek, bytes.NewReader(r))
	if err != nil {
		return err
	}
	ctgrind.Public(c)
	key2, err := dk.Decapsulate(c)
	if err != nil {
		return err
	}
	bad := bytes.Clone(c)
	bad[len(bad)/2] ^= 1
	key3, err := dk.Decapsulate(bad)
	if err != nil {
		return err
	}
	ctgrind.Public(key)
	ctgrind.Public(key2)
	ctgrind.Public(key3)
	if !bytes.Equal(key, key2) || bytes.Equal(key, key3) {
		return fmt.Errorf("sntrup761: shared keys do not behave")
	}
	return nil
}

// runDSA: key generation from a secret seed ξ, deterministic signing, and
// signing with a secret rnd (SignInternal). Declassified: the public key
// and the signatures; inside the library (valgrind builds only) ρ, pk, the
// rejection decisions and SampleInBall's and RejBoundedPoly's rejections.
func runDSA(p mldsa.Parameters) error {
	seed := filled(32, 3)
	secret(seed)
	sk, err := mldsa.NewPrivateKey(p, seed)
	if err != nil {
		return err
	}
	pk := sk.PublicKeyBytes()
	ctgrind.Public(pk)
	msg := []byte("ctgrind")
	sig, err := sk.SignDeterministic(msg, nil)
	if err != nil {
		return err
	}
	ctgrind.Public(sig)
	rnd := filled(32, 4)
	secret(rnd)
	sig2, err := mldsa.SignInternal(sk, msg, rnd)
	if err != nil {
		return err
	}
	ctgrind.Public(sig2)
	pub, err := mldsa.NewPublicKey(p, pk)
	if err != nil {
		return err
	}
	if err := mldsa.Verify(pub, msg, sig, nil); err != nil {
		return fmt.Errorf("%v: %v", p, err)
	}
	return nil
}

func main() {
	flag.Parse()
	fmt.Printf("ctgrind: valgrind requests %v, running under valgrind %v\n", ctgrind.Enabled, ctgrind.Running())
	if *require && !ctgrind.Running() {
		fmt.Fprintln(os.Stderr, "ctgrind: not running under Valgrind with -tags valgrind on amd64")
		os.Exit(2)
	}
	failed := false
	for _, kernels := range cpu.Available() {
		restore, err := cpu.Set(kernels)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		for _, k := range kems() {
			if err := runKEM(k); err != nil {
				fmt.Fprintln(os.Stderr, err)
				failed = true
			}
			fmt.Printf("ctgrind: %s %s\n", kernels, k.name)
		}
		if err := runSNTRUP(); err != nil {
			fmt.Fprintln(os.Stderr, err)
			failed = true
		}
		fmt.Printf("ctgrind: %s sntrup761\n", kernels)
		for _, p := range []mldsa.Parameters{mldsa.MLDSA44(), mldsa.MLDSA65(), mldsa.MLDSA87()} {
			if err := runDSA(p); err != nil {
				fmt.Fprintln(os.Stderr, err)
				failed = true
			}
			fmt.Printf("ctgrind: %s %v\n", kernels, p)
		}
		restore()
	}
	if failed {
		os.Exit(1)
	}
}
