#include "CSimdJSON.h"
#include <simdjson.h>
#include <new>

using namespace simdjson;

struct csj_stream {
    dom::parser parser;
    dom::document_stream docs;
    dom::document_stream::iterator current;
    dom::document_stream::iterator end;
    error_code error = SUCCESS;
    bool started = false;
};

size_t csj_padding(void) { return SIMDJSON_PADDING; }

#define CSJ_STRINGIFY(x) #x
#define CSJ_VERSION_TEXT(x) CSJ_STRINGIFY(x)
const char *csj_version(void) { return CSJ_VERSION_TEXT(SIMDJSON_VERSION); }

csj_stream *csj_stream_create(void) { return new (std::nothrow) csj_stream(); }

void csj_stream_destroy(csj_stream *stream) { delete stream; }

int csj_stream_begin(csj_stream *stream, const uint8_t *buffer, size_t length, size_t batch_size) {
    stream->started = false;
    stream->error = SUCCESS;
    stream->error = stream->parser.parse_many(buffer, length, batch_size).get(stream->docs);
    if (stream->error) { return int(stream->error); }
    return 0;
}

int csj_stream_next(csj_stream *stream, csj_document *document) {
    if (stream->error) { return -1; }
    if (!stream->started) {
        stream->current = stream->docs.begin();
        stream->end = stream->docs.end();
        stream->started = true;
    } else {
        ++stream->current;
    }
    if (!(stream->current != stream->end)) { return 0; }
    document->offset = stream->current.current_index();
    dom::element root;
    stream->error = (*stream->current).get(root);
    if (stream->error == CAPACITY) { return -2; }
    if (stream->error) { return -1; }
    document->tape = stream->parser.doc.tape.get();
    document->strings = stream->parser.doc.string_buf.get();
    return 1;
}

size_t csj_stream_truncated_bytes(const csj_stream *stream) { return stream->docs.truncated_bytes(); }

const char *csj_stream_error(const csj_stream *stream) { return error_message(stream->error); }
