package main

import (
	"bytes"
	"fmt"
	"strings"
)

// Example encrypts a short message to a fresh X-Wing key in the file format
// and decrypts it: the file is the 1233-byte header (16 fixed bytes; one
// entry of type, 16-byte key ID, 1120-byte X-Wing ciphertext and 48-byte
// wrapped file key; the 32-byte MAC) and one last chunk of the 5 message
// bytes and a 16-byte tag.
func Example() {
	set, _ := kemSetByBits("xwing")
	dk, _ := set.generateKey()

	var file bytes.Buffer
	encrypt(&file, strings.NewReader("hello"), []recipient{{set, dk.Encapsulator()}}, defaultChunkShift, nil)
	fmt.Println("file size:", file.Len())

	var plain bytes.Buffer
	if _, err := decrypt(&plain, &file, []identity{{set, dk}}, nil); err != nil {
		fmt.Println(err)
	}
	fmt.Println("decrypted:", plain.String())
	// Output:
	// file size: 1254
	// decrypted: hello
}
