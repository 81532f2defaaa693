#include "video_capture.h"

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vtkImageData.h>
#include <vtkNew.h>
#include <vtkOggTheoraWriter.h>
#include <vtkRenderWindow.h>
#include <vtkWeakPointer.h>
#include <vtkWindowToImageFilter.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <csignal>
#include <cstdlib>
#include <ctime>
#include <stdexcept>
#include <string>
#include <vector>

extern char** environ;

namespace contactsim::render {

namespace {

std::runtime_error videoError(const std::filesystem::path& file, const std::string& what) {
  return std::runtime_error(file.string() + ": " + what);
}

// Writes all of `data` to a pipe without dying of SIGPIPE when the reader is gone: the signal is
// blocked in this thread for the write and a pending one is consumed.
bool writeAll(int fd, const unsigned char* data, std::size_t size) {
  sigset_t pipe_set, old_set;
  sigemptyset(&pipe_set);
  sigaddset(&pipe_set, SIGPIPE);
  pthread_sigmask(SIG_BLOCK, &pipe_set, &old_set);
  bool ok = true;
  while (size > 0) {
    const ssize_t n = ::write(fd, data, size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      ok = false;
      break;
    }
    data += n;
    size -= static_cast<std::size_t>(n);
  }
  if (!ok && errno == EPIPE) {
    const timespec zero{0, 0};
    sigtimedwait(&pipe_set, nullptr, &zero);
  }
  pthread_sigmask(SIG_SETMASK, &old_set, nullptr);
  return ok;
}

// `ffmpeg` reading raw RGB frames (bottom row first, as VTK gives them) on its standard input.
class FfmpegPipe {
 public:
  FfmpegPipe(const std::filesystem::path& file, int width, int height, double fps) {
    int fds[2];
    if (::pipe(fds) != 0) throw videoError(file, "cannot create a pipe to ffmpeg");
    const std::string size = std::to_string(width) + "x" + std::to_string(height);
    const std::string rate = std::to_string(fps);
    std::vector<std::string> args = {
        "ffmpeg",   "-hide_banner", "-loglevel", "error",      "-y",         "-f",       "rawvideo",
        "-pix_fmt", "rgb24",        "-s",        size,         "-framerate", rate,       "-i",
        "-",        "-vf",          "vflip",     "-c:v",       "libx264",    "-pix_fmt", "yuv420p",
        "-crf",     "20",           "-movflags", "+faststart", file.string()};
    std::vector<char*> argv;
    for (std::string& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, fds[0], STDIN_FILENO);
    posix_spawn_file_actions_addclose(&actions, fds[0]);
    posix_spawn_file_actions_addclose(&actions, fds[1]);
    const int rc = posix_spawnp(&pid_, "ffmpeg", &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    ::close(fds[0]);
    if (rc != 0) {
      ::close(fds[1]);
      throw videoError(file, "cannot start ffmpeg");
    }
    fd_ = fds[1];
  }
  ~FfmpegPipe() { finish(); }

  bool write(const unsigned char* data, std::size_t size) {
    return fd_ >= 0 && writeAll(fd_, data, size);
  }
  // Closes the pipe and waits: true when ffmpeg exited with status 0.
  bool finish() {
    if (fd_ >= 0) {
      ::close(fd_);
      fd_ = -1;
    }
    if (pid_ > 0) {
      int status = 0;
      while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
      }
      pid_ = -1;
      status_ok_ = WIFEXITED(status) && WEXITSTATUS(status) == 0;
    }
    return status_ok_;
  }

 private:
  int fd_ = -1;
  pid_t pid_ = -1;
  bool status_ok_ = false;
};

int even(int n) { return std::max(2, n + (n & 1)); }

}  // namespace

std::optional<VideoFormat> videoFormatOf(const std::filesystem::path& file) {
  std::string ext = file.extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (ext == ".ogv" || ext == ".ogg") return VideoFormat::OggTheora;
  if (ext == ".mp4") return VideoFormat::Mp4;
  return std::nullopt;
}

bool ffmpegAvailable() {
  const char* path = std::getenv("PATH");
  if (path == nullptr) return false;
  std::string dirs = path;
  std::size_t start = 0;
  while (start <= dirs.size()) {
    const std::size_t end = std::min(dirs.find(':', start), dirs.size());
    const std::string dir = dirs.substr(start, end - start);
    const std::filesystem::path candidate =
        std::filesystem::path(dir.empty() ? "." : dir) / "ffmpeg";
    if (::access(candidate.c_str(), X_OK) == 0) return true;
    start = end + 1;
  }
  return false;
}

struct VideoCapture::Impl {
  SceneView* view = nullptr;
  vtkWeakPointer<vtkRenderWindow> previous;
  std::filesystem::path file;
  VideoFormat format = VideoFormat::OggTheora;
  int width = 0, height = 0, frames = 0;
  bool open = false;
  bool failed = false;
  vtkNew<vtkRenderWindow> window;  // the platform's OpenGL window, off screen
  vtkNew<vtkWindowToImageFilter> grab;
  vtkSmartPointer<vtkOggTheoraWriter> ogg;
  std::unique_ptr<FfmpegPipe> ffmpeg;

  // Ends the encoder and gives the view back; true when everything went well.
  bool finish() {
    if (!open) return !failed;
    open = false;
    if (ogg) {
      ogg->End();
      if (ogg->GetError() != 0) failed = true;
    }
    if (ffmpeg && !ffmpeg->finish()) failed = true;
    window->Finalize();  // release GL objects while the context exists
    view->attach(previous);
    return !failed;
  }
};

VideoCapture::VideoCapture(SceneView& view, const std::filesystem::path& file, int width,
                           int height, double frames_per_second)
    : impl_(std::make_unique<Impl>()) {
  Impl& d = *impl_;
  const std::optional<VideoFormat> format = videoFormatOf(file);
  if (!format) throw videoError(file, "unknown video format (use .ogv, or .mp4 with ffmpeg)");
  if (*format == VideoFormat::Mp4 && !ffmpegAvailable()) {
    throw videoError(file,
                     "writing .mp4 needs the ffmpeg program (Debian package ffmpeg); "
                     ".ogv works without it");
  }
  if (!(frames_per_second > 0.0)) throw videoError(file, "the frame rate must be positive");
  d.view = &view;
  d.file = file;
  d.format = *format;
  d.width = even(width);
  d.height = even(height);

  std::error_code ec;
  std::filesystem::remove(file, ec);
  if (d.format == VideoFormat::Mp4) {
    d.ffmpeg = std::make_unique<FfmpegPipe>(file, d.width, d.height, frames_per_second);
  }

  d.previous = view.window();
  d.window->SetOffScreenRendering(1);
  d.window->SetSize(d.width, d.height);
  d.window->SetMultiSamples(4);
  view.attach(d.window);
  d.grab->SetInput(d.window);
  d.grab->SetInputBufferTypeToRGB();
  d.grab->ReadFrontBufferOff();  // off-screen: the frame is in the back buffer
  d.open = true;

  if (d.format == VideoFormat::OggTheora) {
    d.ogg = vtkSmartPointer<vtkOggTheoraWriter>::New();
    d.ogg->SetFileName(file.string().c_str());
    d.ogg->SetRate(std::max(1, static_cast<int>(std::lround(frames_per_second))));
    d.ogg->SetQuality(2);      // best of 0..2
    d.ogg->SetSubsampling(1);  // 4:2:0, what players expect
    d.ogg->SetInputConnection(d.grab->GetOutputPort());
    d.window->Render();  // the writer needs the input's size to start
    d.grab->Update();
    d.ogg->Start();
    if (d.ogg->GetError() != 0) {
      d.failed = true;
      d.finish();
      throw videoError(file, "cannot start the Ogg Theora writer");
    }
  }
}

VideoCapture::~VideoCapture() { impl_->finish(); }

void VideoCapture::addFrame() {
  Impl& d = *impl_;
  if (!d.open) throw videoError(d.file, "the video is already closed");
  d.window->Render();
  d.grab->Modified();
  d.grab->Update();
  if (d.ogg) {
    d.ogg->Write();
    if (d.ogg->GetError() != 0) d.failed = true;
  } else {
    vtkImageData* image = d.grab->GetOutput();
    const auto* pixels = static_cast<const unsigned char*>(image->GetScalarPointer());
    const std::size_t bytes = std::size_t(d.width) * std::size_t(d.height) * 3;
    if (pixels == nullptr || !d.ffmpeg->write(pixels, bytes)) d.failed = true;
  }
  if (d.failed) {
    d.finish();
    throw videoError(d.file, "the video encoder failed at frame " + std::to_string(d.frames));
  }
  ++d.frames;
}

void VideoCapture::close() {
  Impl& d = *impl_;
  const bool ok = d.finish();
  std::error_code ec;
  const bool written =
      std::filesystem::exists(d.file, ec) && std::filesystem::file_size(d.file, ec) > 0;
  if (!ok || !written) throw videoError(d.file, "cannot write the video");
}

int VideoCapture::frameCount() const { return impl_->frames; }
int VideoCapture::width() const { return impl_->width; }
int VideoCapture::height() const { return impl_->height; }
VideoFormat VideoCapture::format() const { return impl_->format; }

}  // namespace contactsim::render
