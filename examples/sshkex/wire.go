package main

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/big"
	"strings"
)

// The data types of RFC 4251, Section 5, read from and appended to byte
// slices. A reader never allocates more than the input it reads from, so a
// length field cannot make it allocate: a string's bytes are a sub-slice.

// errShort is the error for a field that runs past the end of its message.
var errShort = errors.New("message ends inside a field")

// reader reads RFC 4251 data types from a message. The first error sticks:
// later reads return zero values, and err reports what went wrong first.
type reader struct {
	b   []byte
	err error
}

func (r *reader) fail(err error) {
	if r.err == nil {
		r.err = err
	}
	r.b = nil
}

func (r *reader) byte() byte {
	if len(r.b) < 1 {
		r.fail(errShort)
		return 0
	}
	v := r.b[0]
	r.b = r.b[1:]
	return v
}

func (r *reader) bool() bool { return r.byte() != 0 }

func (r *reader) uint32() uint32 {
	if len(r.b) < 4 {
		r.fail(errShort)
		return 0
	}
	v := binary.BigEndian.Uint32(r.b)
	r.b = r.b[4:]
	return v
}

func (r *reader) bytes(n int) []byte {
	if n < 0 || len(r.b) < n {
		r.fail(errShort)
		return nil
	}
	v := r.b[:n:n]
	r.b = r.b[n:]
	return v
}

// string reads a string (uint32 length, then the bytes).
func (r *reader) string() []byte {
	n := r.uint32()
	if uint64(n) > uint64(len(r.b)) {
		r.fail(fmt.Errorf("string of %d bytes in the %d bytes left of the message", n, len(r.b)))
		return nil
	}
	return r.bytes(int(n))
}

// nameList reads a name-list: comma-separated names, each non-empty
// printable US-ASCII of at most 64 characters without a comma (RFC 4251,
// Section 5 and Section 6).
func (r *reader) nameList() []string {
	s := r.string()
	if r.err != nil || len(s) == 0 {
		return nil
	}
	names := strings.Split(string(s), ",")
	for _, n := range names {
		if err := checkName(n); err != nil {
			r.fail(err)
			return nil
		}
	}
	return names
}

func checkName(n string) error {
	if n == "" {
		return errors.New("empty name in a name-list")
	}
	if len(n) > 64 {
		return fmt.Errorf("name of %d characters in a name-list, expected at most 64", len(n))
	}
	for i := 0; i < len(n); i++ {
		if n[i] <= ' ' || n[i] > '~' {
			return fmt.Errorf("byte %#x in a name, expected printable US-ASCII", n[i])
		}
	}
	return nil
}

// mpint reads a non-negative mpint in its minimal encoding (RFC 4251,
// Section 5): no superfluous leading zero byte, no sign bit set. maxBytes
// bounds the size accepted.
func (r *reader) mpint(maxBytes int) *big.Int {
	b := r.string()
	switch {
	case r.err != nil:
		return nil
	case len(b) > maxBytes:
		r.fail(fmt.Errorf("mpint of %d bytes, expected at most %d", len(b), maxBytes))
		return nil
	case len(b) > 0 && b[0]&0x80 != 0:
		r.fail(errors.New("negative mpint"))
		return nil
	case len(b) > 1 && b[0] == 0 && b[1]&0x80 == 0:
		r.fail(errors.New("mpint with a superfluous leading zero byte"))
		return nil
	}
	return new(big.Int).SetBytes(b)
}

// end reports an error if bytes are left after the last field.
func (r *reader) end() {
	if r.err == nil && len(r.b) != 0 {
		r.fail(fmt.Errorf("%d bytes after the last field", len(r.b)))
	}
}

func appendUint32(b []byte, v uint32) []byte { return binary.BigEndian.AppendUint32(b, v) }

func appendString(b, s []byte) []byte {
	b = appendUint32(b, uint32(len(s)))
	return append(b, s...)
}

func appendNameList(b []byte, names []string) []byte {
	return appendString(b, []byte(strings.Join(names, ",")))
}

func appendBool(b []byte, v bool) []byte {
	if v {
		return append(b, 1)
	}
	return append(b, 0)
}
