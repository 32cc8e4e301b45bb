//===- KilnSession.cpp - The Kiln side of the CPU kernel suite ------------===//
#include "KilnSession.h"

#include "kiln/runtime/DeviceSelection.h"
#include "kiln/runtime/Event.h"

#include "llvm/Support/MemoryBuffer.h"

namespace kiln::bench {

StatusOr<std::unique_ptr<KilnSession>>
KilnSession::open(const std::string &selector, const std::string &kernelDir) {
  auto device = openDevice(selector);
  if (!device.ok())
    return device.status();
  auto queue = (*device)->createQueue();
  if (!queue.ok())
    return queue.status();
  std::unique_ptr<KilnSession> session(new KilnSession());
  session->device = *device;
  session->queue = *queue;
  // The suite measures kernels, not the cache: compile each once, in memory.
  JitOptions options;
  options.memoryCache = true;
  options.diskCache = false;
  options.verbose = false;
  session->jit = JitCompiler::create(options);
  session->kernelDir = kernelDir;
  return session;
}

StatusOr<std::shared_ptr<Kernel>> KilnSession::kernel(const std::string &file,
                                                      const std::string &name,
                                                      unsigned launchRank) {
  std::string path = kernelDir + "/" + file;
  auto source = llvm::MemoryBuffer::getFile(path);
  if (!source)
    return notFound("cannot read '" + path +
                    "': " + source.getError().message());
  CompileRequest request;
  request.source = (*source)->getBuffer().str();
  request.filename = path;
  request.kernel = name;
  // Specialized for its launch's rank, as kiln-run and the Python package
  // compile: the index space maps to the hardware statically.
  request.launchRank = launchRank;
  request.target = device->info().backend == Backend::CUDA ? TargetKind::PTX
                                                           : TargetKind::SPIRV;
  llvm::Expected<CompiledKernel> compiled = jit->compile(request);
  if (!compiled)
    return invalidArgument(llvm::toString(compiled.takeError()));
  auto executable = device->loadExecutable(*compiled->binary);
  if (!executable.ok())
    return executable.status().withContext(path);
  executables.push_back(*executable);
  return (*executable)->getKernel(name);
}

Status KilnSession::clear(Buffer &buffer) {
  const uint8_t zero = 0;
  auto filled = queue->fillBuffer(buffer, &zero, 1, 0, buffer.size());
  if (!filled.ok())
    return filled.status();
  return (*filled)->wait();
}

Status KilnSession::run(const std::shared_ptr<Kernel> &kernel,
                        const IndexSpace &space,
                        const std::vector<KernelArg> &args) {
  auto event = launchAsync(*queue, kernel, space, args);
  if (!event.ok())
    return event.status();
  return (*event)->wait();
}

StatusOr<std::shared_ptr<Buffer>> KilnSession::uploadBytes(const void *data,
                                                           size_t bytes) {
  auto buffer = device->allocateBuffer(bytes);
  if (!buffer.ok())
    return buffer.status();
  KILN_RETURN_IF_ERROR(queue->writeBuffer(**buffer, data, bytes));
  return *buffer;
}

StatusOr<std::shared_ptr<Buffer>> KilnSession::zeroBytes(size_t bytes) {
  auto buffer = device->allocateBuffer(bytes);
  if (!buffer.ok())
    return buffer.status();
  KILN_RETURN_IF_ERROR(clear(**buffer));
  return *buffer;
}

} // namespace kiln::bench
