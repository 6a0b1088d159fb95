package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// env is what a subcommand reads and writes besides files.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	// stdoutTerminal is true when stdout is a terminal: binary output is
	// refused there.
	stdoutTerminal bool
	stdinUsed      bool // set when an input has been read from stdin
}

// A usageError is a mistake on the command line. run prints it with the
// subcommand's usage and exits with status 2.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usagef(format string, a ...any) error { return &usageError{fmt.Sprintf(format, a...)} }

// errFlagsReported is a usage error the flag package has already printed.
var errFlagsReported = &usageError{}

// newFlags returns the flag set of subcommand c, whose -h prints c's usage.
func newFlags(c *command, e *env) *flag.FlagSet {
	fs := flag.NewFlagSet("moduletto "+c.name, flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Usage = func() { printUsage(fs.Output(), c, fs) }
	return fs
}

func printUsage(w io.Writer, c *command, fs *flag.FlagSet) {
	fmt.Fprintf(w, "usage: moduletto %s %s\n\n%s\n", c.name, c.args, strings.TrimSpace(c.help))
	n := 0
	fs.VisitAll(func(*flag.Flag) { n++ })
	if n > 0 {
		fmt.Fprintln(w, "\nflags:")
		fs.SetOutput(w)
		fs.PrintDefaults()
	}
}

// parseArgs parses flags and positional arguments in any order (flag
// stops at the first positional one; this carries on after it) and checks
// that there are between min and max positional arguments.
func parseArgs(fs *flag.FlagSet, args []string, minArgs, maxArgs int) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, err
			}
			return nil, errFlagsReported
		}
		args = fs.Args()
		if len(args) == 0 {
			break
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
	switch {
	case len(pos) < minArgs:
		return nil, usagef("missing argument")
	case len(pos) > maxArgs:
		return nil, usagef("unexpected argument %q", pos[maxArgs])
	}
	return pos, nil
}

// readInput reads the whole of the file name, or stdin for "-". At most
// limit bytes are read (0: no limit); a longer input is an error.
func (e *env) readInput(name string, limit int64) ([]byte, error) {
	var r io.Reader
	what := name
	if name == "-" {
		if e.stdinUsed {
			return nil, usagef("standard input (-) can be read only once")
		}
		e.stdinUsed = true
		r, what = e.stdin, "standard input"
	} else {
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r = f
	}
	if limit > 0 {
		r = io.LimitReader(r, limit+1)
	}
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", what, err)
	}
	if limit > 0 && int64(len(data)) > limit {
		return nil, fmt.Errorf("%s is larger than %d bytes", what, limit)
	}
	return data, nil
}

// readKey reads and decodes a key file.
func (e *env) readKey(name, inform, hint string) (*key, error) {
	data, err := e.readInput(name, maxKeyFileLength)
	if err != nil {
		return nil, err
	}
	defer clear(data)
	k, err := decodeKey(data, inform, hint)
	if err != nil {
		if name == "-" {
			name = "standard input"
		}
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return k, nil
}

// output says how writeOutput writes a file.
type output struct {
	mode   os.FileMode // permission bits, before the umask
	force  bool        // replace an existing file
	binary bool        // refuse to write it to a terminal
}

// writeOutput writes data to the file name, or to stdout for "-". A new
// file is created with o.mode less the umask; an existing file is an error
// unless o.force, which removes it first (so that a private key never
// inherits the permissions of the file it replaces). If writing fails,
// the file is removed.
func (e *env) writeOutput(name string, data []byte, o output) error {
	if name == "-" {
		if o.binary && e.stdoutTerminal {
			return errors.New("refusing to write binary output to a terminal: use -o FILE, redirect it, or choose -outform pem")
		}
		_, err := e.stdout.Write(data)
		return err
	}
	if o.force {
		if err := os.Remove(name); err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
	}
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, o.mode)
	if errors.Is(err, os.ErrExist) {
		return fmt.Errorf("%s already exists (use -f to replace it)", name)
	}
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(name)
		return fmt.Errorf("writing %s: %w", filepath.Clean(name), err)
	}
	return nil
}
