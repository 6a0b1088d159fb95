package main

import (
	"bytes"
	"crypto/hpke"
	stdmlkem "crypto/mlkem"
	"encoding/pem"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/moduletto/moduletto/internal/version"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// buildTool compiles this command into dir and returns the binary's path.
func buildTool(t testing.TB, dir string) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the binary; skipped in -short mode")
	}
	goTool, err := exec.LookPath("go")
	require.NoError(t, err, "the go command must be on PATH to build the tool")
	bin := filepath.Join(dir, "hybrid")
	if runtime.GOOS == "windows" {
		bin += ".exe"
	}
	out, err := exec.Command(goTool, "build", "-o", bin, ".").CombinedOutput()
	require.NoError(t, err, "go build: %s", out)
	return bin
}

// result is what one run of the tool did.
type result struct {
	code           int
	stdout, stderr string
}

// tool runs the binary in dir with stdin.
func tool(t *testing.T, bin, dir string, stdin []byte, args ...string) result {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	cmd.Stdin = bytes.NewReader(stdin)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else {
		require.NoError(t, err)
	}
	return result{code, stdout.String(), stderr.String()}
}

// ok runs the tool and requires success.
func ok(t *testing.T, bin, dir string, stdin []byte, args ...string) result {
	t.Helper()
	r := tool(t, bin, dir, stdin, args...)
	require.Equal(t, 0, r.code, "hybrid %s: %s", strings.Join(args, " "), r.stderr)
	return r
}

// listDir returns the names in dir.
func listDir(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

func TestCLI(t *testing.T) {
	dir := t.TempDir()
	bin := buildTool(t, t.TempDir())
	for _, bits := range []string{"512", "768", "1024"} {
		ok(t, bin, dir, nil, "keygen", "-o", "k"+bits, "-kem", bits)
	}
	ok(t, bin, dir, nil, "keygen", "-o", "xw")
	ok(t, bin, dir, nil, "keygen", "-o", "other", "-kem", "ML-KEM-768")
	ok(t, bin, dir, nil, "keygen", "-o", "alice-sig", "-dsa", "65")
	ok(t, bin, dir, nil, "keygen", "-o", "mallory-sig", "-dsa", "ML-DSA-65")
	ok(t, bin, dir, nil, "keygen", "-o", "bob-sig44", "-dsa", "44")
	ok(t, bin, dir, nil, "keygen", "-o", "carol-sig87", "-dsa", "87")

	t.Run("version", func(t *testing.T) {
		for _, arg := range []string{"version", "--version"} {
			r := ok(t, bin, dir, nil, arg)
			assert.True(t, strings.HasPrefix(r.stdout, "hybrid "+version.Release), "%s printed %q", arg, r.stdout)
		}
	})

	t.Run("keygen_files", func(t *testing.T) {
		// PKCS#8 holding the seed and SPKI holding the public key: the seed
		// (the last bytes of the private key's DER) must give, through the
		// standard library, the public key at the end of the SPKI.
		for _, name := range []string{"k512", "k768", "k1024", "xw"} {
			key, err := os.Stat(filepath.Join(dir, name+".key"))
			require.NoError(t, err)
			if runtime.GOOS != "windows" {
				assert.Equal(t, fs.FileMode(0o600), key.Mode().Perm(), "key file mode")
			}
			blocks := map[string]*pem.Block{}
			for ext, typ := range map[string]string{".key": "PRIVATE KEY", ".pub": "PUBLIC KEY"} {
				data, err := os.ReadFile(filepath.Join(dir, name+ext))
				require.NoError(t, err)
				block, rest := pem.Decode(data)
				require.NotNil(t, block)
				assert.Empty(t, rest)
				assert.Equal(t, typ, block.Type, name+ext)
				blocks[ext] = block
			}
			priv, pub := blocks[".key"].Bytes, blocks[".pub"].Bytes
			var want []byte
			switch name {
			case "k512":
				assert.Len(t, priv, 86, "RFC 9935 seed form")
				assert.Len(t, pub, 22+800)
				continue
			case "k768":
				dk, err := stdmlkem.NewDecapsulationKey768(priv[len(priv)-64:])
				require.NoError(t, err)
				want = dk.EncapsulationKey().Bytes()
			case "k1024":
				dk, err := stdmlkem.NewDecapsulationKey1024(priv[len(priv)-64:])
				require.NoError(t, err)
				want = dk.EncapsulationKey().Bytes()
			case "xw":
				assert.Len(t, priv, 54, "draft-connolly-cfrg-xwing-kem-10 §5.8")
				k, err := hpke.MLKEM768X25519().NewPrivateKey(priv[len(priv)-32:])
				require.NoError(t, err)
				want = k.PublicKey().Bytes()
			}
			assert.Equal(t, want, pub[len(pub)-len(want):], "%s: public key of the seed", name)
		}
	})

	t.Run("pub", func(t *testing.T) {
		for _, name := range []string{"k512", "xw", "alice-sig"} {
			want, err := os.ReadFile(filepath.Join(dir, name+".pub"))
			require.NoError(t, err)
			r := ok(t, bin, dir, nil, "pub", name+".key")
			assert.Equal(t, string(want), r.stdout, "pub %s", name)
			r = ok(t, bin, dir, nil, "keygen", "-y", name+".key")
			assert.Equal(t, string(want), r.stdout, "keygen -y %s", name)
			key, err := os.ReadFile(filepath.Join(dir, name+".key"))
			require.NoError(t, err)
			r = ok(t, bin, dir, key, "pub")
			assert.Equal(t, string(want), r.stdout, "pub < %s", name)
		}
		ok(t, bin, dir, nil, "pub", "-o", "xw-again.pub", "xw.key")
		got, err := os.ReadFile(filepath.Join(dir, "xw-again.pub"))
		require.NoError(t, err)
		want, err := os.ReadFile(filepath.Join(dir, "xw.pub"))
		require.NoError(t, err)
		assert.Equal(t, want, got)
		r := tool(t, bin, dir, nil, "pub", "-o", "xw-again.pub", "xw.key")
		assert.Equal(t, 1, r.code)
		assert.Contains(t, r.stderr, "already exists")
		r = tool(t, bin, dir, nil, "pub", "xw.pub")
		assert.Equal(t, 1, r.code)
		assert.Contains(t, r.stderr, "already public; want a private key")
	})

	t.Run("old_key_files", func(t *testing.T) {
		// Key files of the previous release: the seed and the encapsulation
		// key in PEM blocks named after the set (the public one made with
		// crypto/mlkem from the same seed).
		seed := make([]byte, 64)
		for i := range seed {
			seed[i] = byte(3 * i)
		}
		dk, err := stdmlkem.NewDecapsulationKey768(seed)
		require.NoError(t, err)
		ek := dk.EncapsulationKey().Bytes()
		require.NoError(t, os.WriteFile(filepath.Join(dir, "old.key"), pem.EncodeToMemory(&pem.Block{Type: "ML-KEM-768 SEED", Bytes: seed}), 0o600))
		require.NoError(t, os.WriteFile(filepath.Join(dir, "old.pub"), pem.EncodeToMemory(&pem.Block{Type: "ML-KEM-768 ENCAPSULATION KEY", Bytes: ek}), 0o644))
		msg := randomBytes(t, 1000)
		enc := ok(t, bin, dir, msg, "encrypt", "-r", "old.pub")
		dec := ok(t, bin, dir, []byte(enc.stdout), "decrypt", "-k", "old.key")
		assert.True(t, bytes.Equal(msg, []byte(dec.stdout)))
		r := ok(t, bin, dir, nil, "pub", "old.key")
		block, _ := pem.Decode([]byte(r.stdout))
		require.NotNil(t, block)
		assert.Equal(t, "PUBLIC KEY", block.Type, "pub converts to SPKI")
		assert.Equal(t, ek, block.Bytes[len(block.Bytes)-len(ek):])
	})

	const c = 1 << defaultChunkShift
	for _, n := range []int{0, 1, c - 1, c, c + 1, 3*c + 100, 5<<20 + 7} {
		t.Run(fmt.Sprintf("roundtrip/files/len=%d", n), func(t *testing.T) {
			msg := randomBytes(t, n)
			require.NoError(t, os.WriteFile(filepath.Join(dir, "msg"), msg, 0o644))
			ok(t, bin, dir, nil, "encrypt", "-f", "-r", "k768.pub", "-in", "msg", "-out", "msg.hyb")
			ok(t, bin, dir, nil, "decrypt", "-f", "-k", "k768.key", "-in", "msg.hyb", "-out", "msg.out")
			got, err := os.ReadFile(filepath.Join(dir, "msg.out"))
			require.NoError(t, err)
			assert.True(t, bytes.Equal(msg, got), "decrypted file differs")
		})
	}
	for _, bits := range []string{"512", "1024"} {
		t.Run("roundtrip/stdio/ML-KEM-"+bits, func(t *testing.T) {
			msg := randomBytes(t, 2*c+3)
			enc := ok(t, bin, dir, msg, "encrypt", "-r", "k"+bits+".pub")
			dec := ok(t, bin, dir, []byte(enc.stdout), "decrypt", "-k", "k"+bits+".key")
			assert.True(t, bytes.Equal(msg, []byte(dec.stdout)), "decrypted stream differs")
		})
	}

	t.Run("three_recipients", func(t *testing.T) {
		msg := randomBytes(t, 3*c+11)
		require.NoError(t, os.WriteFile(filepath.Join(dir, "msg3"), msg, 0o644))
		ok(t, bin, dir, nil, "encrypt", "-r", "xw.pub", "-r", "k1024.pub", "-r", "k512.pub", "-in", "msg3", "-o", "msg3.hyb")
		for _, k := range []string{"xw", "k1024", "k512"} {
			dec := ok(t, bin, dir, nil, "decrypt", "-k", k+".key", "-in", "msg3.hyb")
			assert.True(t, bytes.Equal(msg, []byte(dec.stdout)), "decrypted with %s", k)
		}
		// The same three from a -R file of PEM blocks, and from one of lines.
		var pems, lines []byte
		for _, k := range []string{"xw", "k1024", "k512"} {
			p, err := os.ReadFile(filepath.Join(dir, k+".pub"))
			require.NoError(t, err)
			pems = append(pems, p...)
			lines = append(lines, "# "+k+"\n"+ok(t, bin, dir, nil, "pub", "-line", k+".key").stdout...)
		}
		require.NoError(t, os.WriteFile(filepath.Join(dir, "three.pem"), pems, 0o644))
		require.NoError(t, os.WriteFile(filepath.Join(dir, "three.txt"), lines, 0o644))
		for _, file := range []string{"three.pem", "three.txt"} {
			enc := ok(t, bin, dir, msg, "encrypt", "-R", file)
			assert.Equal(t, byte(3), enc.stdout[11], "%s: recipients in the header", file)
			dec := ok(t, bin, dir, []byte(enc.stdout), "decrypt", "-k", "k512.key")
			assert.True(t, bytes.Equal(msg, []byte(dec.stdout)), file)
		}
		// -r also takes a one-line key.
		line := strings.TrimSpace(ok(t, bin, dir, nil, "pub", "-line", "xw.key").stdout)
		enc := ok(t, bin, dir, msg, "encrypt", "-r", line)
		dec := ok(t, bin, dir, []byte(enc.stdout), "decrypt", "-k", "xw.key")
		assert.True(t, bytes.Equal(msg, []byte(dec.stdout)))
	})

	t.Run("armour", func(t *testing.T) {
		msg := randomBytes(t, 2*c+5)
		require.NoError(t, os.WriteFile(filepath.Join(dir, "amsg"), msg, 0o644))
		ok(t, bin, dir, nil, "encrypt", "-a", "-r", "xw.pub", "-r", "k768.pub", "-in", "amsg", "-o", "amsg.txt")
		text, err := os.ReadFile(filepath.Join(dir, "amsg.txt"))
		require.NoError(t, err)
		assert.True(t, strings.HasPrefix(string(text), "-----BEGIN MODULETTO HYBRID FILE-----\n"))
		assert.True(t, strings.HasSuffix(string(text), "\n-----END MODULETTO HYBRID FILE-----\n"))
		for _, k := range []string{"xw", "k768"} {
			ok(t, bin, dir, nil, "decrypt", "-f", "-k", k+".key", "-in", "amsg.txt", "-o", "amsg.out")
			got, err := os.ReadFile(filepath.Join(dir, "amsg.out"))
			require.NoError(t, err)
			assert.True(t, bytes.Equal(msg, got), "armoured, %s", k)
		}
		// Armour may go to a terminal; binary output may not (below).
		script, err := exec.LookPath("script")
		if err == nil && runtime.GOOS == "linux" {
			cmd := exec.Command(script, "-qec", bin+" encrypt -q -a -r xw.pub -in amsg", "/dev/null")
			cmd.Dir = dir
			out, err := cmd.CombinedOutput()
			require.NoError(t, err, "%s", out)
			assert.Contains(t, string(out), "-----END MODULETTO HYBRID FILE-----")
		}
	})

	t.Run("signed", func(t *testing.T) {
		msg := randomBytes(t, c+5)
		require.NoError(t, os.WriteFile(filepath.Join(dir, "smsg"), msg, 0o644))
		// -sign finds alice-sig.key from the bare name.
		ok(t, bin, dir, nil, "encrypt", "-r", "k768.pub", "-sign", "alice-sig", "-in", "smsg", "-out", "smsg.hyb")
		r := ok(t, bin, dir, nil, "decrypt", "-k", "k768.key", "-verify", "alice-sig.pub", "-in", "smsg.hyb", "-out", "smsg.out")
		assert.Empty(t, r.stderr)
		got, err := os.ReadFile(filepath.Join(dir, "smsg.out"))
		require.NoError(t, err)
		assert.True(t, bytes.Equal(msg, got))

		r = ok(t, bin, dir, nil, "decrypt", "-k", "k768.key", "-in", "smsg.hyb")
		assert.True(t, bytes.Equal(msg, []byte(r.stdout)))
		assert.Contains(t, r.stderr, "add -verify SENDER.pub")

		data, err := os.ReadFile(filepath.Join(dir, "alice-sig.key"))
		require.NoError(t, err)
		block, _ := pem.Decode(data)
		require.NotNil(t, block)
		assert.Equal(t, "PRIVATE KEY", block.Type)
		assert.Len(t, block.Bytes, 54, "RFC 9881 seed form")
	})
	t.Run("signed/other_sets", func(t *testing.T) {
		msg := randomBytes(t, 2*c+1)
		for name, label := range map[string]string{"bob-sig44": "ML-DSA-44", "carol-sig87": "ML-DSA-87"} {
			enc := ok(t, bin, dir, msg, "encrypt", "-r", "k512.pub", "-sign", name)
			dec := ok(t, bin, dir, []byte(enc.stdout), "decrypt", "-k", "k512.key", "-verify", name+".pub")
			assert.True(t, bytes.Equal(msg, []byte(dec.stdout)), "%s: decrypted stream differs", label)
			dec = ok(t, bin, dir, []byte(enc.stdout), "decrypt", "-k", "k512.key")
			assert.Contains(t, dec.stderr, "signed ("+label+")")
			data, err := os.ReadFile(filepath.Join(dir, name+".pub"))
			require.NoError(t, err)
			block, _ := pem.Decode(data)
			require.NotNil(t, block)
			assert.Equal(t, "PUBLIC KEY", block.Type, label)
		}
	})

	// A file to break.
	msg := randomBytes(t, 3*c+100)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "good"), msg, 0o644))
	ok(t, bin, dir, nil, "encrypt", "-r", "k768.pub", "-in", "good", "-out", "good.hyb")
	ok(t, bin, dir, nil, "encrypt", "-r", "xw.pub", "-r", "k1024.pub", "-in", "good", "-out", "for-a-b.hyb")
	ok(t, bin, dir, nil, "encrypt", "-a", "-r", "k768.pub", "-in", "good", "-out", "good.txt")
	file, err := os.ReadFile(filepath.Join(dir, "good.hyb"))
	require.NoError(t, err)
	armoured, err := os.ReadFile(filepath.Join(dir, "good.txt"))
	require.NoError(t, err)
	set768, err := kemSetByBits("768")
	require.NoError(t, err)
	hdr := headerSize(set768)
	variant := func(name string, b []byte) string {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), b, 0o644))
		return name
	}
	flip := func(i int) []byte {
		b := slices.Clone(file)
		b[i] ^= 1
		return b
	}
	variant("cut-boundary.hyb", file[:hdr+2*(c+tagSize)])
	variant("cut-inside.hyb", file[:len(file)-1])
	variant("cut-header.hyb", file[:hdr-1])
	variant("edit-set.hyb", func() []byte { b := slices.Clone(file); b[16] = 3; return b }())
	variant("edit-kemct.hyb", flip(16+17+5))
	variant("edit-mac.hyb", flip(hdr-1))
	variant("cut-armour.txt", armoured[:len(armoured)-len(armourEnd)-1])
	variant("edit-armour.txt", bytes.Replace(armoured, []byte("\n"), []byte("\n!"), 3))
	variant("edit-chunk.hyb", flip(hdr+c+tagSize+10))
	variant("appended.hyb", append(slices.Clone(file), 'x'))
	variant("swapped.hyb", slices.Concat(file[:hdr], file[hdr+c+tagSize:hdr+2*(c+tagSize)], file[hdr:hdr+c+tagSize], file[hdr+2*(c+tagSize):]))
	variant("plain.txt", []byte("not encrypted\n"))
	variant("garbage.key", []byte("-----BEGIN NONSENSE-----\nAAAA\n-----END NONSENSE-----\n"))
	variant("notpem.key", []byte("hello\n"))

	for _, tc := range []struct {
		name string
		args []string
		want string
		code int // 0 for 1, a failure
	}{
		{"wrong_key", []string{"decrypt", "-k", "other.key", "-in", "good.hyb"}, "no key matches any recipient: the file is encrypted to 1 recipient (ML-KEM-768) and the key given (ML-KEM-768) is not one of them", 0},
		{"key_of_other_set", []string{"decrypt", "-k", "k1024.key", "-in", "good.hyb"}, "no key matches any recipient: the file is encrypted to 1 recipient (ML-KEM-768) and the key given (ML-KEM-1024) is not one of them", 0},
		{"file_for_a_and_b_key_c", []string{"decrypt", "-k", "k512.key", "-in", "for-a-b.hyb"}, "no key matches any recipient: the file is encrypted to 2 recipients (X-Wing, ML-KEM-1024) and the key given (ML-KEM-512) is not one of them", 0},
		{"file_for_a_and_b_keys_c_d", []string{"decrypt", "-k", "k512.key", "-k", "other.key", "-in", "for-a-b.hyb"}, "none of the keys given (ML-KEM-512, ML-KEM-768) is one of them", 0},
		{"public_key_to_decrypt", []string{"decrypt", "-k", "k768.pub", "-in", "good.hyb"}, "holds an ML-KEM-768 public key (for encrypt -r); want a recipient's private key", 0},
		{"private_key_to_encrypt", []string{"encrypt", "-r", "k768.key", "-in", "good"}, "holds an ML-KEM-768 private key (for decrypt -k); want a recipient's public key", 0},
		{"sign_with_two_recipients", []string{"encrypt", "-r", "k768.pub", "-r", "xw.pub", "-sign", "alice-sig", "-in", "good"}, "-sign takes exactly one recipient (2 given)", 2},
		{"bad_recipient_line", []string{"encrypt", "-R", "plain.txt", "-in", "good"}, "plain.txt, line 1: not a Base64 public key", 0},
		{"truncated_armour", []string{"decrypt", "-k", "k768.key", "-in", "cut-armour.txt"}, "armour: the input ends without the END line (truncated)", 0},
		{"edited_armour", []string{"decrypt", "-k", "k768.key", "-in", "edit-armour.txt"}, "armour: line 2 is 65 columns", 0},
		{"unknown_pem_type", []string{"decrypt", "-k", "garbage.key", "-in", "good.hyb"}, `PEM type "NONSENSE" is not a key this tool knows`, 0},
		{"not_pem", []string{"decrypt", "-k", "notpem.key", "-in", "good.hyb"}, "not a PEM key file", 0},
		{"missing_key", []string{"decrypt", "-k", "nobody.key", "-in", "good.hyb"}, "no such file", 0},
		{"truncated_at_chunk_boundary", []string{"decrypt", "-k", "k768.key", "-in", "cut-boundary.hyb"}, "decryption failed at chunk 1", 0},
		{"truncated_inside_chunk", []string{"decrypt", "-k", "k768.key", "-in", "cut-inside.hyb"}, "decryption failed at chunk 3", 0},
		{"truncated_header", []string{"decrypt", "-k", "k768.key", "-in", "cut-header.hyb"}, "truncated inside the header", 0},
		{"edited_parameter_set", []string{"decrypt", "-k", "k768.key", "-in", "edit-set.hyb"}, "the file was modified or damaged", 0},
		{"edited_kem_ciphertext", []string{"decrypt", "-k", "k768.key", "-in", "edit-kemct.hyb"}, "recipient 1 of 1 is for the ML-KEM-768 key given but does not open with it: the file was modified or damaged", 0},
		{"edited_mac", []string{"decrypt", "-k", "k768.key", "-in", "edit-mac.hyb"}, "the header does not authenticate: the file was modified or damaged", 0},
		{"edited_chunk", []string{"decrypt", "-k", "k768.key", "-in", "edit-chunk.hyb"}, "decryption failed at chunk 1", 0},
		{"appended_byte", []string{"decrypt", "-k", "k768.key", "-in", "appended.hyb"}, "decryption failed at chunk 3", 0},
		{"reordered_chunks", []string{"decrypt", "-k", "k768.key", "-in", "swapped.hyb"}, "at the first chunk", 0},
		{"not_a_hybrid_file", []string{"decrypt", "-k", "k768.key", "-in", "plain.txt"}, "bad magic", 0},
		{"output_dir_missing", []string{"decrypt", "-k", "k768.key", "-in", "good.hyb", "-out", "no/such/dir/out"}, "cannot write no/such/dir/out", 0},
		{"output_is_directory", []string{"decrypt", "-k", "k768.key", "-in", "good.hyb", "-out", "."}, "is a directory", 0},
		{"encrypt_output_dir_missing", []string{"encrypt", "-r", "k768.pub", "-in", "good", "-out", "no/such/dir/out"}, "cannot write no/such/dir/out", 0},
		{"output_exists", []string{"encrypt", "-r", "k768.pub", "-in", "good", "-out", "good"}, "good already exists (use -f to replace it)", 0},
		{"decrypt_output_exists", []string{"decrypt", "-k", "k768.key", "-in", "good.hyb", "-out", "good"}, "good already exists (use -f to replace it)", 0},
		{"input_missing", []string{"encrypt", "-r", "k768.pub", "-in", "nothing"}, "no such file", 0},
		{"keygen_exists", []string{"keygen", "-o", "k768"}, "k768.key already exists", 0},
		{"keygen_kem_and_dsa", []string{"keygen", "-o", "x", "-dsa", "65", "-kem", "512"}, "exclude each other", 2},
		{"keygen_dsa_unknown_set", []string{"keygen", "-o", "x", "-dsa", "66"}, "want 44, 65 or 87", 2},
		{"verify_other_signer", []string{"decrypt", "-k", "k768.key", "-verify", "mallory-sig.pub", "-in", "smsg.hyb"}, "header signature does not verify", 0},
		{"verify_unsigned", []string{"decrypt", "-k", "k768.key", "-verify", "alice-sig.pub", "-in", "good.hyb"}, "not signed", 0},
		{"verify_with_kem_key", []string{"decrypt", "-k", "k768.key", "-verify", "k768.pub", "-in", "smsg.hyb"}, "holds an ML-KEM-768 public key (for encrypt -r); want the sender's ML-DSA public key", 0},
		{"sign_with_kem_key", []string{"encrypt", "-r", "k768.pub", "-sign", "k768.key", "-in", "good"}, "holds an ML-KEM-768 private key (for decrypt -k); want the sender's ML-DSA signing key", 0},
		{"decrypt_with_dsa_key", []string{"decrypt", "-k", "alice-sig.key", "-in", "good.hyb"}, "holds an ML-DSA-65 signing key (private, for encrypt -sign)", 0},
		{"keygen_bad_set", []string{"keygen", "-o", "x", "-kem", "999"}, "want one of", 2},
	} {
		t.Run("bad/"+tc.name, func(t *testing.T) {
			args := tc.args
			if args[0] == "decrypt" && !slices.Contains(args, "-out") {
				args = append(slices.Clone(args), "-out", "result")
			}
			before := listDir(t, dir)
			r := tool(t, bin, dir, nil, args...)
			assert.Equal(t, max(tc.code, 1), r.code, "exit status")
			assert.Equal(t, 1, strings.Count(r.stderr, "\n"), "one line on stderr: %q", r.stderr)
			assert.True(t, strings.HasPrefix(r.stderr, "hybrid "+args[0]+": "), "stderr %q", r.stderr)
			assert.Contains(t, r.stderr, tc.want)
			assert.Empty(t, r.stdout)
			assert.Equal(t, before, listDir(t, dir), "no file created or left behind")
		})
	}

	t.Run("bad/unwritable_directory", func(t *testing.T) {
		if runtime.GOOS == "windows" || os.Geteuid() == 0 {
			t.Skip("needs a non-root Unix user: permissions do not bind root")
		}
		ro := filepath.Join(dir, "ro")
		require.NoError(t, os.Mkdir(ro, 0o500))
		r := tool(t, bin, dir, nil, "decrypt", "-k", "k768.key", "-in", "good.hyb", "-out", "ro/out")
		assert.Equal(t, 1, r.code)
		assert.Contains(t, r.stderr, "cannot write ro/out: permission denied")
		assert.Empty(t, listDir(t, ro))
	})

	t.Run("bad/stdout_truncation_exits_nonzero", func(t *testing.T) {
		data, err := os.ReadFile(filepath.Join(dir, "cut-boundary.hyb"))
		require.NoError(t, err)
		r := tool(t, bin, dir, data, "decrypt", "-k", "k768.key")
		assert.Equal(t, 1, r.code)
		assert.Contains(t, r.stderr, "decryption failed at chunk 1")
		// Chunk 0 authenticated and was streamed before the end showed
		// the truncation, as the help text says.
		assert.Equal(t, msg[:c], []byte(r.stdout))
	})

	t.Run("stdio_dash", func(t *testing.T) {
		// cat good | hybrid encrypt -r k768.pub -out - | hybrid decrypt -k k768.key -out - | cmp - good
		enc := ok(t, bin, dir, msg, "encrypt", "-r", "k768.pub", "-in", "-", "-out", "-")
		dec := ok(t, bin, dir, []byte(enc.stdout), "decrypt", "-k", "k768.key", "-in", "-", "-out", "-")
		assert.True(t, bytes.Equal(msg, []byte(dec.stdout)))
		assert.NotContains(t, listDir(t, dir), "-", "- is stdin and stdout, not a file")
	})

	t.Run("no_binary_output_to_terminal", func(t *testing.T) {
		script, err := exec.LookPath("script")
		if err != nil || runtime.GOOS != "linux" {
			t.Skip("needs util-linux script(1) for a pseudo-terminal")
		}
		// script runs the command with its stdout on a pseudo-terminal.
		cmd := exec.Command(script, "-qec", bin+" encrypt -q -r k768.pub -in good", "/dev/null")
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		require.Error(t, err)
		assert.Contains(t, string(out), "refusing to write binary output to a terminal")
		assert.Less(t, len(out), 200, "no ciphertext reached the terminal")
	})

	t.Run("existing_output_kept_on_failure", func(t *testing.T) {
		require.NoError(t, os.WriteFile(filepath.Join(dir, "keep"), []byte("old"), 0o644))
		r := tool(t, bin, dir, nil, "decrypt", "-f", "-k", "k768.key", "-in", "cut-inside.hyb", "-out", "keep")
		assert.Equal(t, 1, r.code)
		assert.Contains(t, r.stderr, "decryption failed at chunk 3")
		got, err := os.ReadFile(filepath.Join(dir, "keep"))
		require.NoError(t, err)
		assert.Equal(t, "old", string(got))
	})

	t.Run("usage", func(t *testing.T) {
		for _, args := range [][]string{{"frobnicate"}, {"encrypt", "-x"}, {"decrypt", "-k", "a", "extra"}} {
			r := tool(t, bin, dir, nil, args...)
			assert.Equal(t, 2, r.code, "%v", args)
			assert.NotEmpty(t, r.stderr)
		}
		for _, args := range [][]string{{"keygen"}, {"encrypt"}, {"decrypt"}} {
			r := tool(t, bin, dir, nil, args...)
			assert.Equal(t, 2, r.code, "%v", args)
			assert.Contains(t, r.stderr, "is required")
		}
		r := ok(t, bin, dir, nil, "help")
		assert.Contains(t, r.stdout, "truncation of the whole file\nis only detected at its end")
	})

	t.Run("demo", func(t *testing.T) {
		r := ok(t, bin, dir, nil)
		assert.Contains(t, r.stdout, "ML-KEM-768")
		assert.Contains(t, r.stdout, "recovered")
		assert.Contains(t, r.stdout, "implicit-rejection key")
		assert.Empty(t, r.stderr)
	})
}
