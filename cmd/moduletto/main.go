// Command moduletto makes, inspects and converts keys of the schemes
// registered with moduletto's kem and dsa packages (ML-KEM-512, -768, -1024
// and ML-DSA-44, -65, -87, and any scheme added later), signs and verifies
// files, encapsulates and decapsulates shared keys, and times the schemes.
//
//	go install github.com/moduletto/moduletto/cmd/moduletto@latest
//
//	moduletto keygen ML-DSA-65 -o sign.key    # PKCS#8 PEM, mode 0600
//	moduletto pub sign.key -o sign.pub        # SubjectPublicKeyInfo PEM
//	moduletto sign -k sign.key -o doc.sig doc.txt
//	moduletto verify -k sign.pub -sig doc.sig doc.txt
//	moduletto inspect sign.pub
//
// Subcommands: keygen, pub, inspect, convert, sign, verify, encaps,
// decaps, bench, version and help; "moduletto help CMD" or "moduletto CMD
// -h" prints a subcommand's usage. Flags and arguments may come in any
// order.
//
// # Files
//
// Keys are written as PKCS#8 (private) and SubjectPublicKeyInfo (public)
// PEM by default, in the encodings of RFC 9935 (ML-KEM) and RFC 9881
// (ML-DSA) through package keyformat; -outform der writes the DER, and
// -outform raw the bare seed, expanded key or public key. A scheme that has
// no OID in keyformat is written as PEM blocks "<scheme> SEED" and
// "<scheme> PUBLIC KEY" holding the raw bytes (the hybrid example's key
// files have this form, and are read too). Private keys are written in
// the seed form unless -form says expanded or both.
//
// Key files are read in any of these forms, told apart by their content
// (-inform forces one): PEM, DER, or raw bytes, which are a seed or a
// public key told apart by size (-scheme names the scheme where the size
// is shared: the 64-byte ML-KEM seeds, the 32-byte ML-DSA seeds). Files
// are untrusted input: a malformed key is an error that says what was
// expected, never a crash.
//
// Every file argument and -o may be "-" for standard input or output.
// Binary output (DER, raw, signatures, ciphertexts) is not written to a
// terminal. A file is created with mode 0600 for private keys and shared
// keys, 0644 otherwise, less the umask; an existing file is replaced only
// with -f, and a file whose writing fails is removed.
//
// # Fingerprints
//
// inspect prints a key's fingerprint as "SHA256:" followed by the unpadded
// base64 of the SHA-256 of the public key's SubjectPublicKeyInfo DER (the
// same for a private key and its public key), in the style of ssh-keygen.
// For a scheme without an OID it hashes the scheme's name, a zero byte and
// the raw public key.
//
// # Exit status
//
// 0 on success (for verify: the signature is valid), 1 on failure (an
// invalid signature, a malformed key, an unreadable file), 2 on a usage
// error (an unknown subcommand or flag, a missing or extra argument, a bad
// flag value).
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/moduletto/moduletto/internal/tty"
	"github.com/moduletto/moduletto/internal/version"
)

// A command is one subcommand.
type command struct {
	name    string
	args    string // the synopsis after the name
	summary string // one line for the command list
	help    string // the description printed by -h
	run     func(c *command, e *env, args []string) error
}

// commands lists the subcommands in the order of the usage text. It is
// filled in by init, as the help subcommand refers to it.
var commands []*command

func init() {
	commands = []*command{
		keygenCommand, pubCommand, inspectCommand, convertCommand,
		signCommand, verifyCommand, encapsCommand, decapsCommand,
		benchCommand, versionCommand, helpCommand,
	}
}

func main() {
	e := &env{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr, stdoutTerminal: tty.IsTerminal(os.Stdout)}
	os.Exit(run(os.Args[1:], e))
}

// run executes the command line args and returns the exit status.
func run(args []string, e *env) int {
	if len(args) == 0 {
		printCommands(e.stderr)
		return 2
	}
	name := args[0]
	switch name {
	case "-h", "-help", "--help":
		name = "help"
	case "-version", "--version":
		name = "version"
	}
	c := lookupCommand(name)
	if c == nil {
		fmt.Fprintf(e.stderr, "moduletto: unknown command %q\n\n", args[0])
		printCommands(e.stderr)
		return 2
	}
	err := c.run(c, e, args[1:])
	var ue *usageError
	switch {
	case err == nil, errors.Is(err, flag.ErrHelp):
		return 0
	case errors.As(err, &ue):
		if ue != errFlagsReported {
			fmt.Fprintf(e.stderr, "moduletto %s: %v\n", c.name, err)
			fmt.Fprintf(e.stderr, "usage: moduletto %s %s\n(moduletto %s -h for help)\n", c.name, c.args, c.name)
		}
		return 2
	}
	fmt.Fprintf(e.stderr, "moduletto %s: %v\n", c.name, err)
	return 1
}

func lookupCommand(name string) *command {
	for _, c := range commands {
		if c.name == name {
			return c
		}
	}
	return nil
}

func printCommands(w io.Writer) {
	fmt.Fprintln(w, "usage: moduletto COMMAND [flags] [arguments]")
	fmt.Fprintln(w, "\ncommands:")
	for _, c := range commands {
		fmt.Fprintf(w, "  %-8s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w, "\nmoduletto help COMMAND (or moduletto COMMAND -h) describes a command.")
	fmt.Fprintln(w, "Files may be - for standard input or output. Exit status: 0 success, 1 failure, 2 usage error.")
}

var helpCommand = &command{
	name:    "help",
	args:    "[COMMAND]",
	summary: "describe a command",
	help:    "help lists the commands, or prints the usage of COMMAND.",
	run: func(c *command, e *env, args []string) error {
		fs := newFlags(c, e)
		pos, err := parseArgs(fs, args, 0, 1)
		if err != nil {
			return err
		}
		if len(pos) == 0 {
			printCommands(e.stdout)
			return nil
		}
		target := lookupCommand(pos[0])
		if target == nil {
			return usagef("unknown command %q; the commands are %s", pos[0], commandNames())
		}
		// target's -h prints its usage, flags included, on its stderr.
		return target.run(target, &env{stdin: e.stdin, stdout: e.stdout, stderr: e.stdout}, []string{"-h"})
	},
}

func commandNames() string {
	names := make([]string, len(commands))
	for i, c := range commands {
		names[i] = c.name
	}
	return strings.Join(names, ", ")
}

var versionCommand = &command{
	name:    "version",
	args:    "",
	summary: "print the moduletto release and build",
	help:    "version prints the moduletto release, the module version or VCS revision of the build, and the Go version.",
	run: func(c *command, e *env, args []string) error {
		if _, err := parseArgs(newFlags(c, e), args, 0, 0); err != nil {
			return err
		}
		fmt.Fprintln(e.stdout, "moduletto", version.String())
		return nil
	},
}
