// Command hybrid encrypts files to post-quantum public keys: X-Wing
// (ML-KEM-768 + X25519, the default) or ML-KEM (FIPS 203) establishes a
// shared key per recipient, which wraps a random file key; HKDF-SHA-256
// derives from it the header MAC key and an AES-256-GCM key, and the payload
// streams in authenticated 64 KiB chunks.
//
// Run without arguments it shows the construction step by step:
//
//	go run ./examples/hybrid
//
// As a tool:
//
//	hybrid keygen -o alice               # alice.key (PKCS#8, 0600), alice.pub (SPKI)
//	hybrid encrypt -r alice.pub -r bob.pub -in report.pdf -out report.pdf.hyb
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
	"strings"

	"github.com/moduletto/moduletto/dsa/mldsa"
	"github.com/moduletto/moduletto/internal/tty"
	"github.com/moduletto/moduletto/internal/version"
)

const usage = `hybrid: post-quantum file encryption, X-Wing or ML-KEM + AES-256-GCM (a moduletto example)

usage:
  hybrid                     run the demonstration (ML-KEM-768, in memory)
  hybrid keygen  -o NAME [-kem xwing|512|768|1024 | -dsa 44|65|87] [-f]
  hybrid keygen  -y [-line] [-o FILE] [-f] [NAME.key]    same as pub
  hybrid pub     [-line] [-o FILE] [-f] [NAME.key]
  hybrid encrypt (-r NAME.pub | -R FILE)... [-sign NAME.key] [-a] [-in FILE] [-o FILE] [-f] [-q]
  hybrid decrypt -k NAME.key... [-verify NAME.pub] [-in FILE] [-o FILE] [-f] [-q]
  hybrid version             print the moduletto release and build

keygen writes NAME.key (the private key, PKCS#8 PEM, mode 0600) and NAME.pub
(the public key, SubjectPublicKeyInfo PEM) of an X-Wing key (ML-KEM-768 +
X25519), or of an ML-KEM set with -kem; with -dsa 44|65|87, an ML-DSA signing
key pair instead. pub prints the public key of a private key file (stdin if
none); -line prints a recipient key as one Base64 line.

encrypt encrypts to every -r key (a public key file, or a one-line key) and
every key of each -R file (PEM blocks, or one Base64 key per line); -a writes
ASCII armour. decrypt tries every -k key and reads binary or armoured input.
Both read stdin and write stdout unless -in and -out (or -o) name files ("-"
is stdin or stdout); an existing output file is replaced only with -f, and
encrypt does not write binary output to a terminal. encrypt -sign signs the
header with the sender's ML-DSA key (one recipient only); decrypt -verify
checks that signature and fails if it is missing or wrong.

With -out, output is written to a temporary file in the same directory,
flushed to disk and renamed into place only when complete: a failed
decryption leaves nothing. Without -out, decrypt writes each 64 KiB chunk
to stdout after that chunk authenticates, but truncation of the whole file
is only detected at its end: if decrypt exits non-zero, discard what it
wrote.

A progress bar is drawn on stderr for inputs of 32 MiB or more when stderr is
a terminal; -q turns it off. Exit status: 0 success, 1 failure, 2 usage error.
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
		err = runKeygen(args, stdin, stdout, stderr)
	case "encrypt":
		err = runEncrypt(args, stdin, stdout, stderr)
	case "decrypt":
		err = runDecrypt(args, stdin, stdout, stderr)
	case "pub":
		err = runPub(args, stdin, stdout, stderr)
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

// listFlag is a flag that may be repeated.
type listFlag []string

func (l *listFlag) String() string     { return strings.Join(*l, ", ") }
func (l *listFlag) Set(v string) error { *l = append(*l, v); return nil }

func runKeygen(args []string, stdin, stdout, stderr *os.File) error {
	fs := newFlags("keygen", stderr)
	name := fs.String("o", "", "write `NAME`.key and NAME.pub (with -y: the output file)")
	bits := fs.String("kem", "xwing", "recipient key type: xwing (X-Wing: ML-KEM-768 + X25519), 512, 768 or 1024 (ML-KEM)")
	dsa := fs.String("dsa", "", "generate an ML-DSA signing key pair of `SET` 44, 65 or 87 (for -sign and -verify) instead of a recipient key")
	force := fs.Bool("f", false, "overwrite existing files")
	y := fs.Bool("y", false, "print the public key of a private key file, as pub does")
	line := fs.Bool("line", false, "with -y: print a recipient key as one Base64 line")
	// keygen -y takes the key file as an argument, like age-keygen -y.
	if err := fs.Parse(args); err != nil {
		return errUsage
	}
	if *y {
		return printPublicKeys(fs.Args(), *name, *line, *force, stdin, stdout)
	}
	if fs.NArg() > 0 {
		return usagef("unexpected argument %q", fs.Arg(0))
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

func runPub(args []string, stdin, stdout, stderr *os.File) error {
	fs := newFlags("pub", stderr)
	out := fs.String("o", "-", "write `FILE` (- for stdout)")
	line := fs.Bool("line", false, "print a recipient key as one Base64 line (for -r or a -R file)")
	force := fs.Bool("f", false, "replace an existing -o FILE")
	if err := fs.Parse(args); err != nil {
		return errUsage
	}
	return printPublicKeys(fs.Args(), *out, *line, *force, stdin, stdout)
}

// printPublicKeys writes the public keys of the private key file named by
// args (stdin if none, or "-") to out (stdout if "" or "-").
func printPublicKeys(args []string, out string, line, force bool, stdin, stdout *os.File) error {
	if len(args) > 1 {
		return usagef("one private key file, not %d", len(args))
	}
	path, name := "-", "standard input"
	if len(args) == 1 && args[0] != "-" {
		path, name = args[0], args[0]
	}
	var data []byte
	var err error
	if path == "-" {
		data, err = io.ReadAll(stdin)
	} else {
		data, err = os.ReadFile(path)
	}
	if err != nil {
		return err
	}
	pub, err := publicKeysOf(name, data, line)
	if err != nil {
		return err
	}
	if out == "" || out == "-" {
		_, err = stdout.Write(pub)
		return err
	}
	if _, err := os.Lstat(out); err == nil && !force {
		return fmt.Errorf("%s already exists (use -f to replace it)", out)
	}
	return writeFileAtomic(out, pub, 0o644)
}

// ioFlags are the -in, -out (-o), -f and -q flags of encrypt and decrypt.
type ioFlags struct {
	in, out string
	force   bool
	quiet   bool
}

func (f *ioFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.in, "in", "-", "read `FILE` (- for stdin)")
	fs.StringVar(&f.out, "out", "-", "write `FILE` (- for stdout)")
	fs.StringVar(&f.out, "o", "-", "the same as -out")
	fs.BoolVar(&f.force, "f", false, "replace an existing -out FILE")
	fs.BoolVar(&f.quiet, "q", false, "no progress bar")
}

func runEncrypt(args []string, stdin, stdout, stderr *os.File) error {
	fs := newFlags("encrypt", stderr)
	var recipientArgs, recipientFiles listFlag
	fs.Var(&recipientArgs, "r", "encrypt to the public key in `NAME.pub`, or to a one-line key (repeatable)")
	fs.Var(&recipientFiles, "R", "encrypt to every public key in `FILE`: PEM blocks or one key per line (repeatable)")
	signWith := fs.String("sign", "", "sign the header with the ML-DSA key `NAME.key` (one recipient only)")
	armour := fs.Bool("a", false, "write ASCII armour (PEM-like text) instead of binary")
	var files ioFlags
	files.register(fs)
	if err := parse(fs, args); err != nil {
		return err
	}
	if len(recipientArgs)+len(recipientFiles) == 0 {
		return usagef("-r NAME.pub or -R FILE is required")
	}
	var recipients []recipient
	for _, r := range recipientArgs {
		rs, err := readRecipients(r, true)
		if err != nil {
			return err
		}
		recipients = append(recipients, rs...)
	}
	for _, r := range recipientFiles {
		rs, err := readRecipients(r, false)
		if err != nil {
			return err
		}
		recipients = append(recipients, rs...)
	}
	if len(recipients) > maxRecipients {
		return usagef("%d recipients: a file has at most %d", len(recipients), maxRecipients)
	}
	var signer *mldsa.PrivateKey
	if *signWith != "" {
		if len(recipients) > 1 {
			return usagef("-sign takes exactly one recipient (%d given): with several, any recipient could replace the content for the others under the signature", len(recipients))
		}
		var err error
		if signer, err = readSigningKey(*signWith); err != nil {
			return err
		}
	}
	return files.run(stdin, stdout, stderr, output{0o644, !*armour}, "encrypting", func(w io.Writer, r io.Reader) error {
		if !*armour {
			return encrypt(w, r, recipients, defaultChunkShift, signer)
		}
		a := newArmourWriter(w)
		if err := encrypt(a, r, recipients, defaultChunkShift, signer); err != nil {
			return err
		}
		return a.Close()
	})
}

func runDecrypt(args []string, stdin, stdout, stderr *os.File) error {
	fs := newFlags("decrypt", stderr)
	var keyFiles listFlag
	fs.Var(&keyFiles, "k", "private key `NAME.key` (repeatable: each is tried)")
	verifyWith := fs.String("verify", "", "require a header signature by the ML-DSA key `NAME.pub`")
	var files ioFlags
	files.register(fs)
	if err := parse(fs, args); err != nil {
		return err
	}
	if len(keyFiles) == 0 {
		return usagef("-k NAME.key is required")
	}
	var ids []identity
	for _, k := range keyFiles {
		more, err := readIdentities(k)
		if err != nil {
			return err
		}
		ids = append(ids, more...)
	}
	var verifier *mldsa.PublicKey
	if *verifyWith != "" {
		var err error
		if verifier, err = readVerifyingKey(*verifyWith); err != nil {
			return err
		}
	}
	var signer *dsaSet
	err := files.run(stdin, stdout, stderr, output{0o600, false}, "decrypting", func(w io.Writer, r io.Reader) error {
		var err error
		signer, err = decrypt(w, r, ids, verifier)
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
