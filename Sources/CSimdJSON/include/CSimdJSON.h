// A C face for simdjson's DOM document stream, so Swift can read the parsed tape directly.
//
// The stream parses a buffer of one or more JSON documents (NDJSON, or values separated by
// white space). For each document it exposes simdjson's tape (64-bit words: type in the top
// byte, payload below) and string buffer; both stay valid until the next call on the stream.
#ifndef CSIMDJSON_H
#define CSIMDJSON_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct csj_stream csj_stream;

/// One parsed document: its tape, string buffer, and byte offset in the buffer.
typedef struct {
    const uint64_t *tape;
    const uint8_t *strings;
    size_t offset;
} csj_document;

/// Bytes that must be readable (any value) after the end of every buffer passed in.
size_t csj_padding(void);

/// The simdjson version userlist was built with (`3.0.1`): simdjson has no run-time version.
const char *csj_version(void);

csj_stream *csj_stream_create(void);
void csj_stream_destroy(csj_stream *stream);

/// Starts parsing `buffer[0..<length]` as a stream of documents, `batch_size` bytes at a time
/// (a document must fit in one batch). Returns 0, or a simdjson error code.
int csj_stream_begin(csj_stream *stream, const uint8_t *buffer, size_t length, size_t batch_size);

/// Moves to the next document: 1 and fills `document`, 0 at the end, -1 on a parse error
/// (`csj_stream_error` tells why), or -2 when a document is larger than the batch size.
int csj_stream_next(csj_stream *stream, csj_document *document);

/// After the end: how many bytes at the end of the buffer hold no complete document.
size_t csj_stream_truncated_bytes(const csj_stream *stream);

/// simdjson's message for the last error.
const char *csj_stream_error(const csj_stream *stream);

#ifdef __cplusplus
}
#endif

#endif
