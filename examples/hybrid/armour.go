package main

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
)

// ASCII armour (encrypt -a) is the binary file in the textual encoding of
// RFC 7468 (PEM): a BEGIN line, the standard Base64 of the file in lines of
// exactly 64 columns but the last, and an END line:
//
//	-----BEGIN MODULETTO HYBRID FILE-----
//	iUhZQg0KGgoCAAAQAQT...
//	-----END MODULETTO HYBRID FILE-----
//
// Readers are strict, as for the binary form: no headers, no other line
// length, padding only at the end, nothing but white space after the END
// line. decrypt recognises the BEGIN line and removes the armour while
// streaming, in constant memory.
const (
	armourBegin   = "-----BEGIN MODULETTO HYBRID FILE-----"
	armourEnd     = "-----END MODULETTO HYBRID FILE-----"
	armourColumns = 64
)

// armourWriter encodes what is written to it; Close writes the padding and
// the END line.
type armourWriter struct {
	dst    io.Writer
	enc    io.WriteCloser
	lines  *lineWriter
	header bool
}

// newArmourWriter returns a writer that armours its input into dst.
func newArmourWriter(dst io.Writer) *armourWriter {
	lines := &lineWriter{dst: dst}
	return &armourWriter{dst: dst, lines: lines, enc: base64.NewEncoder(base64.StdEncoding, lines)}
}

func (a *armourWriter) Write(p []byte) (int, error) {
	if !a.header {
		if _, err := io.WriteString(a.dst, armourBegin+"\n"); err != nil {
			return 0, err
		}
		a.header = true
	}
	return a.enc.Write(p)
}

// Close ends the armour; it does not close dst.
func (a *armourWriter) Close() error {
	if _, err := a.Write(nil); err != nil {
		return err
	}
	if err := a.enc.Close(); err != nil {
		return err
	}
	end := armourEnd + "\n"
	if a.lines.column > 0 {
		end = "\n" + end
	}
	_, err := io.WriteString(a.dst, end)
	return err
}

// lineWriter breaks the Base64 text into lines of armourColumns.
type lineWriter struct {
	dst    io.Writer
	column int
	buf    []byte
}

func (l *lineWriter) Write(p []byte) (int, error) {
	l.buf = l.buf[:0]
	for _, c := range p {
		l.buf = append(l.buf, c)
		if l.column++; l.column == armourColumns {
			l.buf = append(l.buf, '\n')
			l.column = 0
		}
	}
	if _, err := l.dst.Write(l.buf); err != nil {
		return 0, err
	}
	return len(p), nil
}

// dearmourIfArmoured returns a reader of the binary file: src itself (behind
// a buffer) when it does not start with the armour's BEGIN line, else a
// reader that removes the armour.
func dearmourIfArmoured(src io.Reader) (io.Reader, error) {
	in := bufio.NewReader(src)
	start, err := in.Peek(len(armourBegin))
	if err != nil || string(start) != armourBegin {
		return in, nil // too short or binary: readVersion reports it
	}
	line, err := readArmourLine(in)
	if err != nil {
		return nil, err
	}
	if line != armourBegin {
		return nil, modifiedf("armour: the BEGIN line is followed by %q", shorten(line[len(armourBegin):], 20))
	}
	return &armourReader{in: in, line: 1}, nil
}

// armourReader decodes armoured input line by line.
type armourReader struct {
	in      *bufio.Reader
	line    int    // lines read, for messages
	pending []byte // decoded bytes not yet returned
	last    bool   // a short line was read: only the END line may follow
	done    bool
	decoded [armourColumns / 4 * 3]byte
}

func (a *armourReader) Read(p []byte) (int, error) {
	for len(a.pending) == 0 {
		if a.done {
			return 0, io.EOF
		}
		if err := a.next(); err != nil {
			return 0, err
		}
	}
	n := copy(p, a.pending)
	a.pending = a.pending[n:]
	return n, nil
}

// next reads and decodes one line.
func (a *armourReader) next() error {
	line, err := readArmourLine(a.in)
	a.line++
	switch {
	case err == io.EOF:
		return modifiedf("armour: the input ends without the END line (truncated)")
	case err != nil:
		return err
	case line == armourEnd:
		a.done = true
		return a.checkTrailer()
	case a.last:
		return modifiedf("armour: line %d follows a short line; only the END line may", a.line)
	case len(line) > armourColumns:
		return modifiedf("armour: line %d is %d columns; lines have %d", a.line, len(line), armourColumns)
	case len(line) < armourColumns:
		a.last = true
	}
	n, err := base64.StdEncoding.Strict().Decode(a.decoded[:], []byte(line))
	if err != nil || len(line)%4 != 0 {
		return modifiedf("armour: line %d is not canonical Base64", a.line)
	}
	if bytes.IndexByte([]byte(line), '=') >= 0 {
		a.last = true // padding ends the data
	}
	a.pending = a.decoded[:n]
	return nil
}

// checkTrailer accepts only white space after the END line.
func (a *armourReader) checkTrailer() error {
	for {
		b, err := a.in.ReadByte()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if b != ' ' && b != '\t' && b != '\r' && b != '\n' {
			return modifiedf("armour: data after the END line")
		}
	}
}

// readArmourLine reads one line without its "\n" or "\r\n". A line longer
// than the buffer is an error, so that memory stays bounded.
func readArmourLine(in *bufio.Reader) (string, error) {
	b, err := in.ReadSlice('\n')
	switch {
	case err == io.EOF && len(b) == 0:
		return "", io.EOF
	case err == io.EOF:
		// The last line may lack its newline.
	case errors.Is(err, bufio.ErrBufferFull):
		return "", modifiedf("armour: a line of more than %d bytes", in.Size())
	case err != nil:
		return "", fmt.Errorf("reading input: %w", err)
	}
	b = bytes.TrimSuffix(bytes.TrimSuffix(b, []byte("\n")), []byte("\r"))
	return string(b), nil
}
