/** 通信量を節約したい接続か（データセーバー、または 2G 相当の遅い回線）。 */
type NetworkInformation = {readonly saveData?: boolean; readonly effectiveType?: string};

export function isDataSaving(): boolean {
  const connection = (navigator as Navigator & {connection?: NetworkInformation}).connection;
  if (!connection) return false;
  return (
    connection.saveData === true ||
    connection.effectiveType === '2g' ||
    connection.effectiveType === 'slow-2g'
  );
}
