package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/moduletto/moduletto/keyformat"
)

// outFlags are the flags of the subcommands that write a key.
type outFlags struct {
	out, outform, form string
	force              bool
}

func (o *outFlags) register(fs *flag.FlagSet, formDefault string) {
	fs.StringVar(&o.out, "o", "-", "write the key to `FILE` (- for standard output)")
	fs.StringVar(&o.outform, "outform", outPEM, "output `encoding`: pem (PKCS#8 / SubjectPublicKeyInfo), der, or raw")
	fs.StringVar(&o.form, "form", formDefault, "private key `form`: seed, expanded or both (raw: seed or expanded)")
	fs.BoolVar(&o.force, "f", false, "replace an existing output file")
}

// write encodes k as the flags say and writes it.
func (o *outFlags) write(e *env, k *key, form keyformat.Form) error {
	outform, err := parseOutform(o.outform)
	if err != nil {
		return err
	}
	data, binary, err := encodeKey(k, outform, form)
	if err != nil {
		return err
	}
	defer clear(data)
	mode := os.FileMode(0o644)
	if k.isPrivate() {
		mode = 0o600
	}
	return e.writeOutput(o.out, data, output{mode: mode, force: o.force, binary: binary})
}

// inFlags are the flags of the subcommands that read a key.
type inFlags struct {
	inform, scheme string
}

func (f *inFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.inform, "inform", informAuto, "input `encoding`: pem, der or raw (default: told apart by content)")
	fs.StringVar(&f.scheme, "scheme", "", "the key's `scheme`: needed for raw keys whose size several schemes share, checked otherwise")
}

func (f *inFlags) read(e *env, name string) (*key, error) {
	switch f.inform {
	case informAuto, informPEM, informDER, informRaw:
	default:
		return nil, usagef("-inform %q: want pem, der or raw", f.inform)
	}
	return e.readKey(name, f.inform, f.scheme)
}

// keyArg is the -k flag of the subcommands that use one key, with what they
// need of it.
type keyArg struct {
	inFlags
	file    string
	kems    bool // a KEM key, else a signature key
	private bool // a private key
}

func (a *keyArg) register(fs *flag.FlagSet, usage string) {
	fs.StringVar(&a.file, "k", "", usage)
	a.inFlags.register(fs)
}

// read reads the key of -k, which must be given, and checks its kind.
func (a *keyArg) read(e *env, cmd string) (*key, error) {
	if a.file == "" {
		return nil, usagef("-k KEYFILE is required")
	}
	k, err := a.inFlags.read(e, a.file)
	if err != nil {
		return nil, err
	}
	if (k.s.kem != nil) != a.kems || (a.private && !k.isPrivate()) {
		want := "a signature"
		if a.kems {
			want = "a KEM"
		}
		if a.private {
			want += " private"
		}
		return nil, fmt.Errorf("%s holds %s; %s needs %s key (%s)", a.file, k.what(), cmd, want, kindNames(a.kems))
	}
	return k, nil
}

var keygenCommand = &command{
	name:    "keygen",
	args:    "[-o FILE] [-outform pem|der|raw] [-form seed|expanded|both] SCHEME | -list",
	summary: "generate a private key of any registered scheme",
	help: `keygen generates a private key of SCHEME (a name from -list, such as
ML-KEM-768 or ML-DSA-65; case does not matter) and writes it as PKCS#8 PEM
in the seed form, mode 0600. "moduletto pub" derives its public key.`,
	run: runKeygen,
}

func runKeygen(c *command, e *env, args []string) error {
	fs := newFlags(c, e)
	var o outFlags
	o.register(fs, "seed")
	list := fs.Bool("list", false, "list the registered schemes and exit")
	pos, err := parseArgs(fs, args, 0, 1)
	if err != nil {
		return err
	}
	if *list {
		if len(pos) > 0 {
			return usagef("-list takes no scheme")
		}
		for _, s := range allSchemes() {
			fmt.Fprintln(e.stdout, s.name())
		}
		return nil
	}
	if len(pos) == 0 {
		return usagef("missing SCHEME; the registered schemes are %s", schemeNames(allSchemes()))
	}
	s, err := lookupScheme(pos[0])
	if err != nil {
		return &usageError{err.Error()}
	}
	form, err := parseForm(o.form)
	if err != nil {
		return err
	}
	if _, err := parseOutform(o.outform); err != nil {
		return err
	}
	k, err := generateKey(s)
	if err != nil {
		return err
	}
	return o.write(e, k, form)
}

var pubCommand = &command{
	name:    "pub",
	args:    "[-o FILE] [-outform pem|der|raw] [KEYFILE|-]",
	summary: "print the public key of a private key",
	help: `pub reads a private key (or a public key) from KEYFILE, or standard input
when it is - or absent, and writes its public key, as SubjectPublicKeyInfo
PEM by default.`,
	run: runPub,
}

func runPub(c *command, e *env, args []string) error {
	fs := newFlags(c, e)
	var in inFlags
	in.register(fs)
	var o outFlags
	fs.StringVar(&o.out, "o", "-", "write the public key to `FILE` (- for standard output)")
	fs.StringVar(&o.outform, "outform", outPEM, "output `encoding`: pem (SubjectPublicKeyInfo), der, or raw")
	fs.BoolVar(&o.force, "f", false, "replace an existing output file")
	pos, err := parseArgs(fs, args, 0, 1)
	if err != nil {
		return err
	}
	if _, err := parseOutform(o.outform); err != nil {
		return err
	}
	k, err := in.read(e, argOr(pos, 0, "-"))
	if err != nil {
		return err
	}
	return o.write(e, k.publicKey(), keyformat.FormSeed)
}

var convertCommand = &command{
	name:    "convert",
	args:    "[-o FILE] [-outform pem|der|raw] [-form seed|expanded|both] [-inform pem|der|raw] [-scheme NAME] [KEYFILE|-]",
	summary: "convert a key between PEM, DER and raw, and between private key forms",
	help: `convert reads a key from KEYFILE (standard input when - or absent) and writes
it in another encoding (-outform) and, for a private key, another form
(-form; by default the form it was read in). A key read in the expanded
form has no seed and can be written only in the expanded form. A raw
private key is its seed or, with -form expanded, its expanded encoding.`,
	run: runConvert,
}

func runConvert(c *command, e *env, args []string) error {
	fs := newFlags(c, e)
	var in inFlags
	in.register(fs)
	var o outFlags
	o.register(fs, "")
	pos, err := parseArgs(fs, args, 0, 1)
	if err != nil {
		return err
	}
	if _, err := parseOutform(o.outform); err != nil {
		return err
	}
	var form keyformat.Form
	if o.form != "" {
		if form, err = parseForm(o.form); err != nil {
			return err
		}
	}
	k, err := in.read(e, argOr(pos, 0, "-"))
	if err != nil {
		return err
	}
	if !k.isPrivate() && o.form != "" {
		return fmt.Errorf("-form applies to private keys; the input is %s", k.what())
	}
	if o.form == "" {
		form = k.form
	}
	return o.write(e, k, form)
}

// argOr returns pos[i], or def if there is none.
func argOr(pos []string, i int, def string) string {
	if i < len(pos) {
		return pos[i]
	}
	return def
}
