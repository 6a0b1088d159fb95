package main

import (
	"bytes"
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
	ok(t, bin, dir, nil, "keygen", "-o", "other")
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
		for _, bits := range []string{"512", "768", "1024"} {
			key, err := os.Stat(filepath.Join(dir, "k"+bits+".key"))
			require.NoError(t, err)
			if runtime.GOOS != "windows" {
				assert.Equal(t, fs.FileMode(0o600), key.Mode().Perm(), "key file mode")
			}
			for ext, typ := range map[string]string{".key": " SEED", ".pub": " ENCAPSULATION KEY"} {
				data, err := os.ReadFile(filepath.Join(dir, "k"+bits+ext))
				require.NoError(t, err)
				block, _ := pem.Decode(data)
				require.NotNil(t, block)
				assert.Equal(t, "ML-KEM-"+bits+typ, block.Type)
				if ext == ".key" {
					assert.Len(t, block.Bytes, 64)
				}
			}
		}
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
		assert.Equal(t, "ML-DSA-65 SEED", block.Type)
		assert.Len(t, block.Bytes, 32)
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
			assert.Equal(t, label+" PUBLIC KEY", block.Type)
		}
	})

	// A file to break.
	msg := randomBytes(t, 3*c+100)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "good"), msg, 0o644))
	ok(t, bin, dir, nil, "encrypt", "-r", "k768.pub", "-in", "good", "-out", "good.hyb")
	file, err := os.ReadFile(filepath.Join(dir, "good.hyb"))
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
	variant("edit-set.hyb", func() []byte { b := slices.Clone(file); b[9] = 3; return b }())
	variant("edit-kemct.hyb", flip(fixedHeader+5))
	variant("edit-salt.hyb", flip(hdr-1))
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
		{"wrong_key", []string{"decrypt", "-k", "other.key", "-in", "good.hyb"}, "wrong key", 0},
		{"key_of_other_set", []string{"decrypt", "-k", "k1024.key", "-in", "good.hyb"}, "encrypted to an ML-KEM-768 key, but the key given is ML-KEM-1024", 0},
		{"key_of_smaller_set", []string{"decrypt", "-k", "k512.key", "-in", "good.hyb"}, "encrypted to an ML-KEM-768 key, but the key given is ML-KEM-512", 0},
		{"public_key_to_decrypt", []string{"decrypt", "-k", "k768.pub", "-in", "good.hyb"}, "holds an ML-KEM-768 encapsulation key", 0},
		{"private_key_to_encrypt", []string{"encrypt", "-r", "k768.key", "-in", "good"}, "holds an ML-KEM-768 seed", 0},
		{"unknown_pem_type", []string{"decrypt", "-k", "garbage.key", "-in", "good.hyb"}, `PEM type "NONSENSE" is not a key this tool knows`, 0},
		{"not_pem", []string{"decrypt", "-k", "notpem.key", "-in", "good.hyb"}, "not a PEM key file", 0},
		{"missing_key", []string{"decrypt", "-k", "nobody.key", "-in", "good.hyb"}, "no such file", 0},
		{"truncated_at_chunk_boundary", []string{"decrypt", "-k", "k768.key", "-in", "cut-boundary.hyb"}, "decryption failed at chunk 1", 0},
		{"truncated_inside_chunk", []string{"decrypt", "-k", "k768.key", "-in", "cut-inside.hyb"}, "decryption failed at chunk 3", 0},
		{"truncated_header", []string{"decrypt", "-k", "k768.key", "-in", "cut-header.hyb"}, "truncated inside the header", 0},
		{"edited_parameter_set", []string{"decrypt", "-k", "k768.key", "-in", "edit-set.hyb"}, "encrypted to an ML-KEM-1024 key", 0},
		{"edited_kem_ciphertext", []string{"decrypt", "-k", "k768.key", "-in", "edit-kemct.hyb"}, "at the first chunk", 0},
		{"edited_salt", []string{"decrypt", "-k", "k768.key", "-in", "edit-salt.hyb"}, "at the first chunk", 0},
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
		{"verify_with_kem_key", []string{"decrypt", "-k", "k768.key", "-verify", "k768.pub", "-in", "smsg.hyb"}, "holds an ML-KEM-768 encapsulation key (public); want the sender's ML-DSA public key", 0},
		{"sign_with_kem_key", []string{"encrypt", "-r", "k768.pub", "-sign", "k768.key", "-in", "good"}, "holds an ML-KEM-768 seed (private); want the sender's ML-DSA signing key", 0},
		{"decrypt_with_dsa_key", []string{"decrypt", "-k", "alice-sig.key", "-in", "good.hyb"}, "holds an ML-DSA-65 signing key (private)", 0},
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
		assert.Contains(t, r.stdout, "truncation of the whole file is only detected at its end")
	})

	t.Run("demo", func(t *testing.T) {
		r := ok(t, bin, dir, nil)
		assert.Contains(t, r.stdout, "ML-KEM-768")
		assert.Contains(t, r.stdout, "recovered")
		assert.Contains(t, r.stdout, "implicit-rejection key")
		assert.Empty(t, r.stderr)
	})
}
