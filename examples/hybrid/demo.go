package main

import (
	"bytes"
	"crypto/subtle"
	"errors"
	"fmt"
	"io"
	"runtime"
	"slices"
	"text/tabwriter"
	"time"
)

// demoMessage is the built-in message of the demonstration.
const demoMessage = "Hello from moduletto: ML-KEM-768 and AES-256-GCM keep this message secret."

// demoRuns is how many times each timed step runs; the report shows the median.
const demoRuns = 101

// demo runs the embedded demonstration: an ML-KEM-768 key pair, a message
// encrypted in the file format of the tool and decrypted again, the two
// tamperings that must fail and a key that is not a recipient. It writes a short report to w and returns an
// error if any step does not behave as it must.
func demo(w io.Writer) error {
	set, err := kemSetByBits("768")
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	step := func(name, what string, d time.Duration) {
		t := ""
		if d > 0 {
			t = fmt.Sprintf("%7.1f µs", float64(d.Nanoseconds())/1e3)
		}
		fmt.Fprintf(tw, "  %s\t%s\t%s\n", name, what, t)
	}
	fmt.Fprintf(w, "moduletto hybrid demo: %s → HKDF-SHA-256 → AES-256-GCM, in memory\n\n", set.name)

	// 1. Key generation.
	dk, err := set.generateKey()
	if err != nil {
		return err
	}
	// For ML-KEM-768 and -1024, dk.Encapsulator() is the crypto/mlkem key of
	// the same bytes (what crypto/hpke accepts); parse the bytes to time
	// moduletto's own encapsulation.
	ek, err := set.newEncapsulationKey(dk.Encapsulator().Bytes())
	if err != nil {
		return err
	}
	d := median(func() { set.generateKey() })
	step("key generation", fmt.Sprintf("%d B seed (private), %d B encapsulation key (public)", len(dk.Bytes()), len(ek.Bytes())), d)

	// 2. Encapsulation and decapsulation on their own.
	sharedKey, kemCT := ek.Encapsulate()
	step("encapsulate", fmt.Sprintf("%d B KEM ciphertext, %d B shared key", len(kemCT), len(sharedKey)), median(func() { ek.Encapsulate() }))
	again, err := dk.Decapsulate(kemCT)
	if err != nil || subtle.ConstantTimeCompare(again, sharedKey) != 1 {
		return errors.New("decapsulation did not recover the shared key")
	}
	step("decapsulate", "the same shared key recovered", median(func() { dk.Decapsulate(kemCT) }))

	// 3. Key derivation as the file format does it.
	step("HKDF-SHA-256", "32 B key wrapping the file key, bound to the KEM ciphertext and public key",
		median(func() { wrapAEAD(sharedKey, set, kemCT, ek.Bytes()) }))

	// 4. The whole message through the file format.
	to := []recipient{{set, ek}}
	ids := []identity{{set, dk}}
	var file bytes.Buffer
	if err := encrypt(&file, bytes.NewReader([]byte(demoMessage)), to, defaultChunkShift, nil); err != nil {
		return err
	}
	sealed := file.Bytes()
	headerLen := fixedHeaderV2 + entrySize(set) + macSize
	step("encrypt", fmt.Sprintf("%d B message → %d B file (%d B header + %d B chunk)",
		len(demoMessage), len(sealed), headerLen, len(sealed)-headerLen),
		median(func() { encrypt(io.Discard, bytes.NewReader([]byte(demoMessage)), to, defaultChunkShift, nil) }))
	var plain bytes.Buffer
	if _, err := decrypt(&plain, bytes.NewReader(sealed), ids, nil); err != nil {
		return fmt.Errorf("decrypting the demonstration message: %w", err)
	}
	if plain.String() != demoMessage {
		return errors.New("decryption returned a different message")
	}
	step("decrypt", fmt.Sprintf("%q recovered", shorten(plain.String(), 24)),
		median(func() { decrypt(io.Discard, bytes.NewReader(sealed), ids, nil) }))
	tw.Flush()

	// 5. A flipped bit in the AES-GCM ciphertext.
	fmt.Fprintln(w)
	bad := slices.Clone(sealed)
	bad[headerLen] ^= 1
	_, err = decrypt(io.Discard, bytes.NewReader(bad), ids, nil)
	if !errors.Is(err, errModified) {
		return fmt.Errorf("a flipped bit in the AES-GCM ciphertext was not reported as a modification: %v", err)
	}
	fmt.Fprintf(w, "  tamper: flip 1 bit of the AES-GCM ciphertext\n")
	fmt.Fprintf(w, "      → the GCM tag fails: %v\n", err)

	// 6. A flipped bit in the KEM ciphertext: implicit rejection.
	badCT := slices.Clone(kemCT)
	badCT[0] ^= 1
	rejected, err := dk.Decapsulate(badCT)
	if err != nil {
		return fmt.Errorf("decapsulating a modified ciphertext returned an error (%v), not the implicit-rejection key", err)
	}
	if subtle.ConstantTimeCompare(rejected, sharedKey) == 1 {
		return errors.New("a modified KEM ciphertext decapsulated to the original shared key")
	}
	bad = slices.Clone(sealed)
	bad[fixedHeaderV2+1+keyIDSize] ^= 1
	_, err = decrypt(io.Discard, bytes.NewReader(bad), ids, nil)
	if !errors.Is(err, errModified) {
		return fmt.Errorf("a flipped bit in the KEM ciphertext was not reported as a modification: %v", err)
	}
	fmt.Fprintf(w, "  tamper: flip 1 bit of the KEM ciphertext\n")
	fmt.Fprintf(w, "      → Decapsulate returns no error but the implicit-rejection key K̄ = J(z‖c):\n")
	fmt.Fprintf(w, "        %x… instead of %x…\n", rejected[:8], sharedKey[:8])
	fmt.Fprintf(w, "      → so the wrapped file key's tag fails: %v\n", err)

	// 7. Another key: no entry names it, and none opens with it.
	other, err := set.generateKey()
	if err != nil {
		return err
	}
	_, err = decrypt(io.Discard, bytes.NewReader(sealed), []identity{{set, other}}, nil)
	if !errors.Is(err, errNoMatch) {
		return fmt.Errorf("another key was not reported as matching no recipient: %v", err)
	}
	fmt.Fprintf(w, "  another key of the same set\n")
	fmt.Fprintf(w, "      → %v\n", err)
	fmt.Fprintf(w, "\ntimes are medians of %d runs (%s/%s, %s). Try: go run ./examples/hybrid help\n",
		demoRuns, runtime.GOOS, runtime.GOARCH, runtime.Version())
	return nil
}

// median runs f demoRuns times and returns the median duration.
func median(f func()) time.Duration {
	ds := make([]time.Duration, demoRuns)
	for i := range ds {
		start := time.Now()
		f()
		ds[i] = time.Since(start)
	}
	slices.Sort(ds)
	return ds[len(ds)/2]
}

// shorten cuts s to n runes, marking the cut with "…".
func shorten(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}
