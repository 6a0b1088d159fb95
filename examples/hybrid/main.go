// Command hybrid encrypts files to an ML-KEM public key: ML-KEM (FIPS 203)
// establishes a shared key, HKDF-SHA-256 derives an AES-256-GCM key bound to
// the KEM ciphertext and the recipient's key, and the payload streams in
// authenticated 64 KiB chunks.
//
// Run without arguments it shows the construction step by step:
//
//	go run ./examples/hybrid
//
// As a tool:
//
//	hybrid keygen -o alice               # alice.key (seed, 0600), alice.pub
//	hybrid encrypt -r alice.pub -in report.pdf -out report.pdf.hyb
//	hybrid decrypt -k alice.key -in report.pdf.hyb -out report.pdf
//
// The file format is described in README.md beside this file.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/moduletto/moduletto/dsa/mldsa"
	"github.com/moduletto/moduletto/internal/tty"
	"github.com/moduletto/moduletto/internal/version"
)

const usage = `hybrid: ML-KEM + AES-256-GCM file encryption (a moduletto example)

usage:
  hybrid                     run the demonstration (ML-KEM-768, in memory)
  hybrid keygen  -o NAME [-kem 512|768|1024 | -dsa 44|65|87] [-f]
  hybrid encrypt -r NAME.pub [-sign NAME.key] [-in FILE] [-out FILE] [-f] [-q]
  hybrid decrypt -k NAME.key [-verify NAME.pub] [-in FILE] [-out FILE] [-f] [-q]
  hybrid version             print the moduletto release and build

keygen writes NAME.key (the 64-byte ML-KEM seed, PEM, mode 0600) and NAME.pub
(the encapsulation key, PEM); with -dsa 44|65|87, an ML-DSA signing key pair
instead. encrypt and decrypt read stdin and write stdout unless -in and -out
name files ("-" is stdin or stdout); an existing -out file is replaced only
with -f, and encrypt does not write to a terminal. encrypt -sign signs the header with the sender's ML-DSA key;
decrypt -verify checks that signature and fails if it is missing or wrong.

With -out, output is written to a temporary file in the same directory and
renamed into place only when complete: a failed decryption leaves nothing.
Without -out, decrypt writes each 64 KiB chunk to stdout after that chunk
authenticates, but truncation of the whole file is only detected at its end:
if decrypt exits non-zero, discard what it wrote.

A progress bar is drawn on stderr for inputs of 32 MiB or more when stderr is
a terminal; -q turns it off.
`

func main() {
	removeTempsOnSignal()
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run executes the command line args and returns the exit status: 0 on
// success, 1 on failure, 2 on a usage error.
func run(args []string, stdin, stdout, stderr *os.File) int {
	if len(args) == 0 {
		return report(stderr, "demo", demo(stdout))
	}
	cmd, args := args[0], args[1:]
	var err error
	switch cmd {
	case "keygen":
		err = runKeygen(args, stderr)
	case "encrypt":
		err = runEncrypt(args, stdin, stdout, stderr)
	case "decrypt":
		err = runDecrypt(args, stdin, stdout, stderr)
	case "demo":
		err = demo(stdout)
	case "version", "-version", "--version":
		fmt.Fprintln(stdout, "hybrid", version.String())
		return 0
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, usage)
		return 0
	default:
		fmt.Fprintf(stderr, "hybrid: unknown command %q\n\n%s", cmd, usage)
		return 2
	}
	return report(stderr, cmd, err)
}

// errUsage marks an error already reported by the flag package.
var errUsage = errors.New("usage")

// A usageError is a mistake on the command line (a missing or conflicting
// flag, a bad flag value): it is printed as one line and exits with status 2.
type usageError struct{ error }

func usagef(format string, a ...any) error { return usageError{fmt.Errorf(format, a...)} }

// report prints err as one line and returns the exit status: 0 on success,
// 1 on failure, 2 on a usage error.
func report(stderr io.Writer, cmd string, err error) int {
	switch {
	case err == nil:
		return 0
	case errors.Is(err, errUsage):
		return 2
	}
	fmt.Fprintf(stderr, "hybrid %s: %v\n", cmd, err)
	if errors.As(err, new(usageError)) {
		return 2
	}
	return 1
}

// newFlags returns a flag set that reports errors on stderr and never exits.
func newFlags(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("hybrid "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	return fs
}

// parse parses args and rejects positional arguments.
func parse(fs *flag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		return errUsage
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(fs.Output(), "%s: unexpected argument %q\n", fs.Name(), fs.Arg(0))
		fs.Usage()
		return errUsage
	}
	return nil
}

func runKeygen(args []string, stderr io.Writer) error {
	fs := newFlags("keygen", stderr)
	name := fs.String("o", "", "write `NAME`.key and NAME.pub")
	bits := fs.String("kem", "768", "ML-KEM parameter set: 512, 768 or 1024")
	dsa := fs.String("dsa", "", "generate an ML-DSA signing key pair of `SET` 44, 65 or 87 (for -sign and -verify) instead of an ML-KEM key")
	force := fs.Bool("f", false, "overwrite existing key files")
	if err := parse(fs, args); err != nil {
		return err
	}
	if *name == "" {
		return usagef("-o NAME is required")
	}
	if *dsa != "" {
		kemGiven := false
		fs.Visit(func(f *flag.Flag) { kemGiven = kemGiven || f.Name == "kem" })
		if kemGiven {
			return usagef("-kem and -dsa exclude each other")
		}
		set, err := dsaSetByName(*dsa)
		if err != nil {
			return usageError{err}
		}
		return dsaKeygen(*name, set, *force)
	}
	set, err := kemSetByBits(*bits)
	if err != nil {
		return usageError{err}
	}
	return kemKeygen(*name, set, *force)
}

// ioFlags are the -in, -out, -f and -q flags of encrypt and decrypt.
type ioFlags struct {
	in, out string
	force   bool
	quiet   bool
}

func (f *ioFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.in, "in", "-", "read `FILE` (- for stdin)")
	fs.StringVar(&f.out, "out", "-", "write `FILE` (- for stdout)")
	fs.BoolVar(&f.force, "f", false, "replace an existing -out FILE")
	fs.BoolVar(&f.quiet, "q", false, "no progress bar")
}

func runEncrypt(args []string, stdin, stdout, stderr *os.File) error {
	fs := newFlags("encrypt", stderr)
	recipient := fs.String("r", "", "recipient's public key `NAME.pub`")
	signWith := fs.String("sign", "", "sign the header with the ML-DSA key `NAME.key`")
	var files ioFlags
	files.register(fs)
	if err := parse(fs, args); err != nil {
		return err
	}
	if *recipient == "" {
		return usagef("-r NAME.pub is required")
	}
	set, ek, err := readEncapsulationKey(*recipient)
	if err != nil {
		return err
	}
	var signer *mldsa.PrivateKey
	if *signWith != "" {
		if signer, err = readSigningKey(*signWith); err != nil {
			return err
		}
	}
	return files.run(stdin, stdout, stderr, output{0o644, true}, "encrypting", func(w io.Writer, r io.Reader) error {
		return encrypt(w, r, set, ek, defaultChunkShift, signer)
	})
}

func runDecrypt(args []string, stdin, stdout, stderr *os.File) error {
	fs := newFlags("decrypt", stderr)
	keyFile := fs.String("k", "", "private key `NAME.key`")
	verifyWith := fs.String("verify", "", "require a header signature by the ML-DSA key `NAME.pub`")
	var files ioFlags
	files.register(fs)
	if err := parse(fs, args); err != nil {
		return err
	}
	if *keyFile == "" {
		return usagef("-k NAME.key is required")
	}
	set, dk, err := readDecapsulationKey(*keyFile)
	if err != nil {
		return err
	}
	var verifier *mldsa.PublicKey
	if *verifyWith != "" {
		if verifier, err = readVerifyingKey(*verifyWith); err != nil {
			return err
		}
	}
	var signer *dsaSet
	err = files.run(stdin, stdout, stderr, output{0o600, false}, "decrypting", func(w io.Writer, r io.Reader) error {
		signer, err = decrypt(w, r, set, dk, verifier)
		return err
	})
	if err == nil && signer != nil && verifier == nil {
		fmt.Fprintf(stderr, "hybrid decrypt: note: the input is signed (%s); add -verify SENDER.pub to check the sender\n", signer.name)
	}
	return err
}

// output describes what a command writes.
type output struct {
	perm   os.FileMode // of a created file, before the umask
	binary bool        // not written to a terminal
}

// run opens the input and output named by f ("-": stdin and stdout) and
// calls process on them. A named output is written through an atomicFile
// (mode o.perm less the umask) and kept only if process succeeds; an
// existing one is replaced only with -f. Binary output is not written to a
// terminal.
func (f *ioFlags) run(stdin, stdout, stderr *os.File, o output, label string, process func(io.Writer, io.Reader) error) error {
	if f.out == "-" && o.binary && tty.IsTerminal(stdout) {
		return errors.New("refusing to write binary output to a terminal: use -out FILE or redirect it")
	}
	if f.out != "-" {
		if fi, err := os.Stat(f.out); err == nil && fi.IsDir() {
			return fmt.Errorf("cannot write %s: it is a directory", f.out)
		}
		if _, err := os.Lstat(f.out); err == nil && !f.force {
			return fmt.Errorf("%s already exists (use -f to replace it)", f.out)
		}
	}
	in := stdin
	if f.in != "-" {
		var err error
		if in, err = os.Open(f.in); err != nil {
			return err
		}
		defer in.Close()
	}
	var r io.Reader = in
	done := func() {}
	if !f.quiet {
		r, done = withProgress(in, stderr, label)
	}
	if f.out == "-" {
		err := process(stdout, r)
		done()
		return err
	}
	out, err := createAtomic(f.out, o.perm)
	if err != nil {
		return err
	}
	if err := process(out, r); err != nil {
		out.abort()
		done()
		return err
	}
	done()
	return out.commit()
}
