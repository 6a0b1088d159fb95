package main

import (
	"bytes"
	"encoding/pem"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// result is what one run of the command left.
type result struct {
	stdout, stderr string
	code           int
}

// moduletto runs the command line args with stdin as standard input, in
// the current directory.
func moduletto(t *testing.T, stdin []byte, args ...string) result {
	t.Helper()
	var out, errOut bytes.Buffer
	e := &env{stdin: bytes.NewReader(stdin), stdout: &out, stderr: &errOut}
	code := run(args, e)
	return result{out.String(), errOut.String(), code}
}

// mustRun runs args and fails the test unless they succeed.
func mustRun(t *testing.T, stdin []byte, args ...string) string {
	t.Helper()
	r := moduletto(t, stdin, args...)
	require.Equal(t, 0, r.code, "moduletto %s: %s", strings.Join(args, " "), r.stderr)
	return r.stdout
}

// inTempDir runs the rest of the test in a fresh directory.
func inTempDir(t *testing.T) string {
	dir := t.TempDir()
	t.Chdir(dir)
	return dir
}

func TestUsageErrorsExit2(t *testing.T) {
	inTempDir(t)
	require.NoError(t, os.WriteFile("msg", []byte("m"), 0o644))
	cases := [][]string{
		{},
		{"frobnicate"},
		{"keygen"},
		{"keygen", "NO-SUCH-SCHEME"},
		{"keygen", "-bogus", "ML-KEM-768"},
		{"keygen", "-outform", "xml", "ML-KEM-768"},
		{"keygen", "-form", "compact", "ML-KEM-768"},
		{"keygen", "ML-KEM-768", "ML-DSA-65"},
		{"keygen", "-list", "ML-KEM-768"},
		{"pub", "a", "b"},
		{"pub", "-outform", "base64", "a"},
		{"inspect", "-inform", "xml", "a"},
		{"convert", "-form", "tiny", "a"},
		{"sign", "msg"},
		{"verify", "-k", "k", "msg"},
		{"encaps", "-k", "k"},
		{"encaps", "-k", "k", "-o", "-"},
		{"encaps", "-k", "k", "-o", "ct", "extra"},
		{"decaps"},
		{"bench", "-rounds", "0"},
		{"bench", "-schemes", "NOPE"},
		{"version", "extra"},
		{"help", "nosuch"},
	}
	for _, args := range cases {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			r := moduletto(t, nil, args...)
			assert.Equal(t, 2, r.code, "stderr: %s", r.stderr)
			assert.Contains(t, r.stderr, "usage: moduletto")
			assert.Empty(t, r.stdout)
		})
	}
	entries, err := os.ReadDir(".")
	require.NoError(t, err)
	assert.Len(t, entries, 1, "a usage error left a file")
}

func TestHelpOfEverySubcommand(t *testing.T) {
	for _, c := range commands {
		t.Run(c.name, func(t *testing.T) {
			r := moduletto(t, nil, c.name, "-h")
			assert.Equal(t, 0, r.code)
			assert.Contains(t, r.stderr, "usage: moduletto "+c.name)
			h := moduletto(t, nil, "help", c.name)
			assert.Equal(t, 0, h.code)
			assert.Equal(t, r.stderr, h.stdout, "help %s prints what %s -h prints", c.name, c.name)
		})
	}
	r := moduletto(t, nil, "help")
	assert.Equal(t, 0, r.code)
	for _, c := range commands {
		assert.Contains(t, r.stdout, "  "+c.name+" ")
	}
}

func TestVersion(t *testing.T) {
	for _, arg := range []string{"version", "--version"} {
		out := mustRun(t, nil, arg)
		assert.Regexp(t, `^moduletto v\d+\.\d+\.\d+\S* .*go\d`, out)
	}
}

func TestKeygenEveryRegisteredScheme(t *testing.T) {
	list := strings.Fields(mustRun(t, nil, "keygen", "-list"))
	var want []string
	for _, s := range allSchemes() {
		want = append(want, s.name())
	}
	require.Equal(t, want, list)
	for _, name := range list {
		t.Run(name, func(t *testing.T) {
			priv := mustRun(t, nil, "keygen", name)
			block, rest := pem.Decode([]byte(priv))
			require.NotNil(t, block)
			assert.Empty(t, bytes.TrimSpace(rest))
			info := mustRun(t, []byte(priv), "inspect", "-")
			assert.Contains(t, info, "scheme:      "+name+" (")
			assert.Contains(t, info, "key:         private key")
			pub := mustRun(t, []byte(priv), "pub")
			pubInfo := mustRun(t, []byte(pub), "inspect")
			assert.Contains(t, pubInfo, "key:         public key")
			assert.Equal(t, fingerprintLine(t, info), fingerprintLine(t, pubInfo), "a private key and its public key share a fingerprint")
		})
	}
}

func fingerprintLine(t *testing.T, info string) string {
	t.Helper()
	for _, l := range strings.Split(info, "\n") {
		if strings.HasPrefix(l, "fingerprint:") {
			return l
		}
	}
	t.Fatalf("no fingerprint line in %q", info)
	return ""
}

func TestKeygenFiles(t *testing.T) {
	inTempDir(t)
	mustRun(t, nil, "keygen", "-o", "k.key", "ML-KEM-512")
	r := moduletto(t, nil, "keygen", "-o", "k.key", "ML-KEM-512")
	assert.Equal(t, 1, r.code)
	assert.Contains(t, r.stderr, "k.key already exists (use -f to replace it)")
	before, err := os.ReadFile("k.key")
	require.NoError(t, err)
	mustRun(t, nil, "keygen", "-f", "-o", "k.key", "ML-KEM-512")
	after, err := os.ReadFile("k.key")
	require.NoError(t, err)
	assert.NotEqual(t, before, after, "-f replaced the key")

	// Flags after the scheme are parsed too.
	mustRun(t, nil, "keygen", "ML-DSA-44", "-o", "s.key", "-outform", "der")
	der, err := os.ReadFile("s.key")
	require.NoError(t, err)
	assert.Equal(t, byte(0x30), der[0])
	assert.Contains(t, mustRun(t, nil, "inspect", "s.key"), "encoding:    DER, PKCS#8, private key form seed")
}

func TestBinaryOutputNotToTerminal(t *testing.T) {
	inTempDir(t)
	mustRun(t, nil, "keygen", "-o", "k.key", "ML-DSA-44")
	require.NoError(t, os.WriteFile("msg", []byte("hello"), 0o644))
	for _, args := range [][]string{
		{"convert", "-outform", "der", "k.key"},
		{"pub", "-outform", "raw", "k.key"},
		{"keygen", "-outform", "raw", "ML-KEM-768"},
		{"sign", "-k", "k.key", "msg"},
	} {
		var out, errOut bytes.Buffer
		code := run(args, &env{stdin: bytes.NewReader(nil), stdout: &out, stderr: &errOut, stdoutTerminal: true})
		assert.Equal(t, 1, code, "%v", args)
		assert.Contains(t, errOut.String(), "refusing to write binary output to a terminal", "%v", args)
		assert.Zero(t, out.Len(), "%v", args)
	}
	// PEM is text: it goes to a terminal.
	var out bytes.Buffer
	code := run([]string{"pub", "k.key"}, &env{stdin: bytes.NewReader(nil), stdout: &out, stderr: &out, stdoutTerminal: true})
	assert.Equal(t, 0, code)
	assert.Contains(t, out.String(), "-----BEGIN PUBLIC KEY-----")
}

func TestSignVerify(t *testing.T) {
	inTempDir(t)
	mustRun(t, nil, "keygen", "-o", "s.key", "ML-DSA-87")
	mustRun(t, nil, "pub", "-o", "s.pub", "s.key")
	require.NoError(t, os.WriteFile("doc", []byte("the message"), 0o644))
	mustRun(t, nil, "sign", "-k", "s.key", "-context", "ctx-a", "-o", "doc.sig", "doc")
	sig, err := os.ReadFile("doc.sig")
	require.NoError(t, err)
	assert.Len(t, sig, 4627, "an ML-DSA-87 signature (FIPS 204, Table 2)")

	out := mustRun(t, nil, "verify", "-k", "s.pub", "-sig", "doc.sig", "-context", "ctx-a", "doc")
	assert.Contains(t, out, "verified: ML-DSA-87 signature by SHA256:")
	// The message from stdin, the private key as the verifying key.
	mustRun(t, []byte("the message"), "verify", "-k", "s.key", "-sig", "doc.sig", "-context", "ctx-a", "-")
	assert.Empty(t, mustRun(t, nil, "verify", "-q", "-k", "s.pub", "-sig", "doc.sig", "-context", "ctx-a", "doc"))

	for name, args := range map[string][]string{
		"wrong context": {"verify", "-k", "s.pub", "-sig", "doc.sig", "-context", "ctx-b", "doc"},
		"no context":    {"verify", "-k", "s.pub", "-sig", "doc.sig", "doc"},
		"other message": {"verify", "-k", "s.pub", "-sig", "doc.sig", "-context", "ctx-a", "-"},
	} {
		r := moduletto(t, []byte("another message"), args...)
		assert.Equal(t, 1, r.code, name)
		assert.Contains(t, r.stderr, "signature is not valid", name)
	}

	mustRun(t, nil, "keygen", "-o", "other.key", "ML-DSA-87")
	r := moduletto(t, nil, "verify", "-k", "other.key", "-sig", "doc.sig", "-context", "ctx-a", "doc")
	assert.Equal(t, 1, r.code, "another key")

	mustRun(t, nil, "keygen", "-o", "k.key", "ML-KEM-768")
	r = moduletto(t, nil, "sign", "-k", "k.key", "doc")
	assert.Equal(t, 1, r.code)
	assert.Contains(t, r.stderr, "k.key holds an ML-KEM-768 private key; sign needs a signature private key (ML-DSA-44, ML-DSA-65, ML-DSA-87")
	r = moduletto(t, nil, "sign", "-k", "s.pub", "doc")
	assert.Equal(t, 1, r.code)
	assert.Contains(t, r.stderr, "s.pub holds an ML-DSA-87 public key; sign needs a signature private key")
	r = moduletto(t, nil, "sign", "-k", "s.key", "-context", strings.Repeat("c", 256), "doc")
	assert.Equal(t, 1, r.code, "a context of 256 bytes")
	_, err = os.Stat("-")
	assert.ErrorIs(t, err, os.ErrNotExist, "- is standard output, not a file")
}

func TestEncapsDecaps(t *testing.T) {
	inTempDir(t)
	for _, name := range []string{"ML-KEM-512", "ML-KEM-768", "ML-KEM-1024"} {
		t.Run(name, func(t *testing.T) {
			mustRun(t, nil, "keygen", "-f", "-o", "k.key", name)
			mustRun(t, nil, "pub", "-f", "-o", "k.pub", "k.key")
			secret := mustRun(t, nil, "encaps", "-f", "-k", "k.pub", "-o", "ct")
			assert.Regexp(t, `^[0-9a-f]{64}\n$`, secret)
			assert.Equal(t, secret, mustRun(t, nil, "decaps", "-k", "k.key", "ct"))
			ct, err := os.ReadFile("ct")
			require.NoError(t, err)
			assert.Equal(t, secret, mustRun(t, ct, "decaps", "-k", "k.key", "-"))

			// Ciphertext to stdout, shared key to a file of mode 0600.
			ct2 := mustRun(t, nil, "encaps", "-f", "-k", "k.key", "-o", "-", "-secret", "s.hex")
			s2, err := os.ReadFile("s.hex")
			require.NoError(t, err)
			assert.Equal(t, string(s2), mustRun(t, []byte(ct2), "decaps", "-k", "k.key"))

			r := moduletto(t, ct[1:], "decaps", "-k", "k.key")
			assert.Equal(t, 1, r.code)
			assert.Contains(t, r.stderr, "ciphertext is")
			r = moduletto(t, nil, "decaps", "-k", "k.pub", "ct")
			assert.Equal(t, 1, r.code)
			assert.Contains(t, r.stderr, "decaps needs a KEM private key")
		})
	}
}

func TestConvertRoundTrips(t *testing.T) {
	inTempDir(t)
	for _, name := range []string{"ML-KEM-1024", "ML-DSA-65"} {
		t.Run(name, func(t *testing.T) {
			pemKey := mustRun(t, nil, "keygen", name)
			fp := fingerprintLine(t, mustRun(t, []byte(pemKey), "inspect"))
			for _, form := range []string{"seed", "expanded", "both"} {
				der := mustRun(t, []byte(pemKey), "convert", "-outform", "der", "-form", form)
				info := mustRun(t, []byte(der), "inspect")
				assert.Contains(t, info, "encoding:    DER, PKCS#8, private key form ")
				assert.Equal(t, fp, fingerprintLine(t, info))
				back := mustRun(t, []byte(der), "convert", "-outform", "pem")
				if form == "expanded" {
					r := moduletto(t, []byte(der), "convert", "-form", "seed")
					assert.Equal(t, 1, r.code)
					assert.Contains(t, r.stderr, "has no seed")
					assert.Contains(t, mustRun(t, []byte(back), "inspect"), "seed:        none (read from the expanded form)")
					continue
				}
				assert.Equal(t, pemKey, mustRun(t, []byte(back), "convert", "-form", "seed"))
			}
			raw := mustRun(t, []byte(pemKey), "convert", "-outform", "raw")
			assert.Equal(t, pemKey, mustRun(t, []byte(raw), "convert", "-scheme", name, "-form", "seed"))
			r := moduletto(t, []byte(pemKey), "convert", "-outform", "raw", "-form", "both")
			assert.Equal(t, 1, r.code)
			pub := mustRun(t, []byte(pemKey), "pub")
			r = moduletto(t, []byte(pub), "convert", "-form", "seed")
			assert.Equal(t, 1, r.code)
			assert.Contains(t, r.stderr, "-form applies to private keys")
			rawPub := mustRun(t, []byte(pub), "pub", "-outform", "raw")
			assert.Equal(t, pub, mustRun(t, []byte(rawPub), "pub"), "a raw public key's size names its scheme")
			r = moduletto(t, []byte(rawPub), "inspect", "-scheme", "ML-KEM-512")
			assert.Equal(t, 1, r.code, "-scheme is checked")
		})
	}
}

func TestStandardInputOnce(t *testing.T) {
	key := mustRun(t, nil, "keygen", "ML-DSA-44")
	r := moduletto(t, []byte(key), "sign", "-k", "-", "-")
	assert.Equal(t, 2, r.code)
	assert.Contains(t, r.stderr, "standard input (-) can be read only once")
}

func TestFailedOutputLeavesNoFile(t *testing.T) {
	dir := inTempDir(t)
	mustRun(t, nil, "keygen", "-o", "k.key", "ML-KEM-768")
	r := moduletto(t, nil, "convert", "-o", filepath.Join(dir, "missing", "x"), "k.key")
	assert.Equal(t, 1, r.code)
	r = moduletto(t, nil, "encaps", "-k", "k.key", "-o", "ct", "-secret", filepath.Join(dir, "missing", "s"))
	assert.Equal(t, 1, r.code)
	_, err := os.Stat("ct")
	assert.ErrorIs(t, err, os.ErrNotExist, "encaps removed the ciphertext whose shared key it could not write")
}

func TestBench(t *testing.T) {
	out := mustRun(t, nil, "bench", "-schemes", "ML-KEM-512,ml-dsa-44", "-duration", "20ms", "-rounds", "2")
	assert.Regexp(t, `(?m)^KEM\s+keygen\s+encaps\s+decaps\s*$`, out)
	assert.Regexp(t, `(?m)^ML-KEM-512\s+[\d.]+ µs ±\d+%\s+[\d.]+ µs ±\d+%\s+[\d.]+ µs ±\d+%\s*$`, out)
	assert.Regexp(t, `(?m)^signature\s+keygen\s+sign\s+verify\s*$`, out)
	assert.Regexp(t, `(?m)^ML-DSA-44\s+[\d.]+ µs`, out)
	assert.NotContains(t, out, "ML-KEM-768")
}
