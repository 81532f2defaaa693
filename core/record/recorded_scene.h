// The scene a recording was made from, rebuilt from the recording alone: the scene file's text it
// stores, with each body's mesh taken from the recording rather than from the mesh files, which
// may have moved or gone since (a recording is meant to stand alone).
#pragma once

#include "record/recording_reader.h"
#include "scene/scene.h"

namespace contactsim {

// Throws SceneError (naming the recorded scene's path) when the stored text is not a scene this
// program reads, or RecordingError when its bodies do not match the recording's.
Scene recordedScene(const RecordingReader& reader);

}  // namespace contactsim
